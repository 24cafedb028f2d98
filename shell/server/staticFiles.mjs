// The build's files: sent precompressed when the browser accepts it, hashed files cached for a year, the rest
// revalidated; and the CSP hashes of the inline scripts of an HTML file sent as a file.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import { inlineScriptHashes } from './securityHeaders.mjs';
import { CONTENT_NAMED, POOL } from './releases.mjs';

const hashed = /\.[0-9a-f]{8}\.(js|css)$/;

function cacheHeaders(reply, filePath) {
  // a precompressed copy (main.1a2b3c4d.js.br) is sent for its file: cached as that file
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (hashed.test(base) || base.endsWith('.map')) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // index.html, remoteEntry.js, mf-manifest.json: always revalidate so a deploy is seen at once
    reply.header('Cache-Control', 'no-cache');
  }
}

/** @param {import('fastify').FastifyInstance} app @param {string} root the build's folder */
export async function registerStaticFiles(app, root) {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // <file>.br / <file>.gz written by the build (strongest settings) are sent when the browser accepts them
    preCompressed: true,
    setHeaders: cacheHeaders,
  });
}

/**
 * The release store's builds of one app (issue 28): <storeDir>/<app>/<hash>/… at /<app>/<hash>/…, every file cached
 * for a year (a build's folder never changes: a new build is a new folder). Nothing is served while the store has none.
 */
export async function registerReleaseFiles(app, { storeDir, appDir }) {
  // a content-named web file of a release is the same file in every release that has it: sent to its one address in
  // the pool (<app>/chunks/…, scripts/release/store.mjs), which a returning browser already holds
  const release = new RegExp(`^/${appDir}/([0-9a-f]{8,64})/(.+)$`);
  app.addHook('onRequest', async (request, reply) => {
    const [pathname] = request.url.split('?');
    const match = release.exec(pathname);
    if (!match || match[2].startsWith('ssr/') || match[2].includes('..') || !CONTENT_NAMED.test(match[2])) return;
    if (!existsSync(path.join(storeDir, appDir, POOL, match[2]))) return;
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').redirect(`/${appDir}/${POOL}/${match[2]}`, 301);
  });
  await app.register(fastifyStatic, {
    root: path.join(storeDir, appDir),
    prefix: `/${appDir}/`,
    decorateReply: false,
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
  });
}

/**
 * The shell's released builds (./shellBuilds.mjs), served where `rewrite` sends the site's root addresses of their
 * files: <store>/shell/chunks/… (content-named, a year) and <store>/shell/<hash>/… (cached as the same file of
 * shell/dist is). Its render bundle (`ssr/`) and folders being copied are never served.
 */
export async function registerShellReleaseFiles(app, { dir, prefix }) {
  app.addHook('onRequest', async (request, reply) => {
    const [pathname] = request.url.split('?');
    if (!pathname.startsWith(prefix)) return;
    const rest = pathname.slice(prefix.length);
    if (/^[^/]+\/ssr\//.test(rest) || rest.startsWith('.') || rest.includes('..')) return reply.code(404).send({ message: 'Not Found.' });
  });
  await app.register(fastifyStatic, {
    root: dir,
    prefix,
    decorateReply: false,
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders: cacheHeaders,
  });
}

/**
 * The CSP hashes of the inline scripts of an HTML file of `root` named by a request path (none when it is no such
 * file: a policy without them lets no inline script run). Kept per path: the files of a build do not change.
 */
export async function htmlFileScriptHashes(root, pathname, cache = new Map()) {
  if (cache.has(pathname)) return cache.get(pathname);
  let file = '';
  try {
    file = path.join(path.resolve(root), path.normalize(decodeURIComponent(pathname)));
  } catch {
    return []; // a malformed escape: no file
  }
  if (!file.startsWith(`${path.resolve(root)}${path.sep}`) || !file.endsWith('.html')) return [];
  const hashes = await readFile(file, 'utf8').then(inlineScriptHashes, () => null);
  if (hashes) cache.set(pathname, hashes); // only the build's files are kept, never an address a client made up
  return hashes ?? [];
}
