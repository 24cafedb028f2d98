// The shell's own build a page is made of (issue 28): its HTML template, the CSP hashes of its inline scripts, its
// preload hints and its server-render bundle. With no shell release (a fresh clone) that is shell/dist and
// shell/dist-server, as ever; once the shell is released, the release the request gets (the live one, a canary's side,
// a preview link's) from the store: <store>/shell/<build-hash>/ holds the client build, its `ssr/` the render bundle
// (scripts/release.mjs). The shell's publicPath is `/`: its JS and CSS keep their content-named addresses
// (/main.<hash>.js), which the server answers from the shell's pool (<store>/shell/chunks/, every release's files), so a
// tab opened on an older shell still loads its lazy chunks after the pointer moved (`shellFileUrl`).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineStylesheets, splitTemplate } from './pageTemplate.mjs';
import { shellSharedTags } from './preloadHints.mjs';
import { CONTENT_NAMED, POOL } from './releases.mjs';
import { inlineScriptHashes } from './securityHeaders.mjs';

/** The shell's folder in the store, and where a stored shell release keeps its render bundle. */
export const SHELL_APP = 'shell';
export const SHELL_SSR_DIR = 'ssr';
const RENDER_FILE = 'render.cjs';

/**
 * @typedef {{ hash: string | null, dir: string, bundle: string | null, indexHtml: string, template: { before: string, after: string } | null,
 *   scriptHashes: string[], tags: string[] }} ShellBuild
 *   `hash`: the release's build hash (null: shell/dist); `dir`: its client files; `bundle`: its render bundle (null: none);
 *   `template`: index.html cut for server-rendered pages (null without server rendering); `scriptHashes`: the CSP hashes of
 *   its inline scripts (client-rendered and server-rendered pages); `tags`: preloads of its entry and shared chunks
 */

/** A shell build's pieces, read from its folder. */
export async function readShellBuild({ hash, dir, bundle, ssr }) {
  const indexHtml = await readFile(path.join(dir, 'index.html'), 'utf8');
  const template = ssr ? splitTemplate(await inlineStylesheets(indexHtml, dir)) : null;
  // the inline start-up scripts are allowed by their hashes (the inlined runtime settings are JSON: never executed)
  const scriptHashes = inlineScriptHashes(template ? `${indexHtml}${template.after}` : indexHtml);
  let tags = [];
  try {
    tags = shellSharedTags(dir);
  } catch (error) {
    // a manifest that is no JSON: the page goes without the hints of its shared chunks
    console.error(`[shell] ${dir}: no preload hints (${error.message})`);
  }
  return { hash, dir, bundle: bundle && existsSync(bundle) ? bundle : null, indexHtml, template, scriptHashes, tags };
}

/**
 * The shell builds this server serves, read once each (the last `keep` released ones are kept in memory).
 * @param {{ distDir: string, bundle: string | null, storeDir?: string, ssr?: boolean, keep?: number, log?: (message: string) => void }} opts
 *   `distDir`/`bundle`: shell/dist and its render bundle (the build with no release); `storeDir`: the release store
 */
export function createShellBuilds({ distDir, bundle, storeDir, ssr = false, keep = 4, log = (message) => console.error(`[shell] ${message}`) }) {
  /** build hash → Promise<ShellBuild | null> (null: not in this server's store) */
  const released = new Map();
  let dist = null;
  const own = () => (dist ??= readShellBuild({ hash: null, dir: distDir, bundle, ssr }));
  const folderOf = (hash) => (storeDir ? path.join(storeDir, SHELL_APP, hash) : null);

  function load(hash) {
    const dir = folderOf(hash);
    if (!dir || !existsSync(path.join(dir, 'index.html'))) {
      log(`shell release ${hash} is not in the store (${dir ?? 'no RELEASES_DIR'}): serving shell/dist`);
      return Promise.resolve(null);
    }
    return readShellBuild({ hash, dir, bundle: path.join(dir, SHELL_SSR_DIR, RENDER_FILE), ssr }).catch((error) => {
      log(`shell release ${hash} cannot be read: ${error.message}`);
      return null;
    });
  }

  return {
    /** The build named by a release hash (null or unknown to the store: shell/dist). */
    async get(hash) {
      if (!hash) return own();
      let pending = released.get(hash);
      if (pending) {
        // most recently used last: the first one is the one dropped
        released.delete(hash);
      } else {
        pending = load(hash);
        pending.then((build) => {
          if (!build) released.delete(hash);
        });
      }
      released.set(hash, pending);
      while (released.size > keep) released.delete(released.keys().next().value);
      return (await pending) ?? own();
    },
    /** shell/dist's build (read at the start: a broken dist stops the server as before). */
    own,
  };
}

/**
 * Where the shell server finds a file the browser asks for at the site's root (Fastify's `rewriteUrl`, synchronous):
 * a content-named file in the shell's pool (any release's: `/<store prefix>/chunks/<file>`), another file of the
 * released shell the request gets in its folder, else the address as it is (shell/dist's file). Pages, the api, the
 * runtime files and anything not in the store are left alone: with no shell release nothing is rewritten.
 * @param {{ storeDir: string, prefix: string, shellFor: (req: import('node:http').IncomingMessage) => string | null,
 *   exists?: (file: string) => boolean }} opts  `prefix`: where the store's shell folder is served (`/shell/`)
 */
export function createShellFileUrl({ storeDir, prefix, shellFor, exists = existsSync }) {
  const shellDir = path.join(storeDir, SHELL_APP);
  return function shellFileUrl(req) {
    const url = req.url ?? '/';
    const [pathname, query = ''] = url.split(/\?(.*)/s);
    // one file at the root of the build (the shell's dist is flat): /main.1a2b3c4d.js, /index.html, /mf-manifest.json
    const file = /^\/([A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z0-9]+)$/.exec(pathname)?.[1];
    if (!file || file.includes('..') || (req.method !== 'GET' && req.method !== 'HEAD')) return url;
    const suffix = query ? `?${query}` : '';
    if (CONTENT_NAMED.test(file) && exists(path.join(shellDir, POOL, file))) return `${prefix}${POOL}/${file}${suffix}`;
    const hash = shellFor(req);
    if (hash && exists(path.join(shellDir, hash, file))) return `${prefix}${hash}/${file}${suffix}`;
    return url;
  };
}

/**
 * The render bundle of a shell release (`hash`) when the store has that release, else shell/dist's (`shell: null`),
 * as the renderer asks for it (synchronously, at each version check: ./ssr/renderer.mjs). A release stored without
 * its render bundle answers `file: null` (its pages then come client-rendered).
 */
export function renderBundleOf({ storeDir, distBundle, hash, exists = existsSync }) {
  const dir = hash && storeDir ? path.join(storeDir, SHELL_APP, hash) : null;
  if (!dir || !exists(path.join(dir, 'index.html'))) return { file: exists(distBundle) ? distBundle : null, shell: null };
  const file = path.join(dir, SHELL_SSR_DIR, RENDER_FILE);
  return { file: exists(file) ? file : null, shell: hash };
}
