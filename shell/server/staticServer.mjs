// Static server for a built app: compression, cache headers, CORS for remotes, and (for the shell)
// runtime config, the reverse proxy to the api and the single-page fallback.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import { registerApiProxy } from './apiProxy.mjs';
import { remoteForPath, safeJsonText, withHead } from './preloadHints.mjs';
import { normalizePathname } from '../src/features/address-rules/canonicalPath.mjs';
import { baseHeaders, hasTokenParam, inlineScriptHashes, pageHeaders } from './securityHeaders.mjs';

const hashed = /\.[0-9a-f]{8}\.(js|css)$/;

export { API_UNAVAILABLE_MESSAGE, SITEMAP_API_PATH } from './apiProxy.mjs';

function cacheHeaders(reply, filePath) {
  const base = path.basename(filePath);
  if (hashed.test(base) || base.endsWith('.map')) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // index.html, remoteEntry.js, mf-manifest.json: always revalidate so a deploy is seen at once
    reply.header('Cache-Control', 'no-cache');
  }
}

function splitUrl(url) {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/**
 * Where a page address must move to (null: it is canonical). Leading slashes and backslashes collapse to one, so the
 * Location is always a path of this site: `//evil.example/` never becomes a protocol-relative address.
 */
export function canonicalTarget(pathname) {
  const canonical = normalizePathname(pathname);
  const local = `/${canonical.replace(/^[/\\]+/, '')}`;
  return local === pathname ? null : local;
}

/**
 * What crawlers may read: the catalog, with its sitemap; not the accounts, the order form, sign-in links or the api.
 * @param {string} origin the site as the crawler reached it
 */
export function robotsTxt(origin) {
  return [
    'User-agent: *',
    'Disallow: /account/',
    'Disallow: /*/order$',
    'Disallow: /*?token=',
    'Disallow: /*&token=',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** index.html cut around the content of #root (the start-up frame), for pages rendered on the server. */
export function splitTemplate(indexHtml) {
  const open = '<div id="root">';
  const start = indexHtml.indexOf(open);
  const end = indexHtml.lastIndexOf('</div>', indexHtml.indexOf('</body>'));
  if (start === -1 || end === -1) throw new Error('index.html has no <div id="root">');
  const after = indexHtml.slice(end).replace(/<script defer src="([^"]+)"><\/script>/g, (_, src) => startAfterPaint(src));
  return { before: indexHtml.slice(0, start + open.length), after };
}

/**
 * The template's own stylesheets (`<link href="/x.css" rel="stylesheet">` of this server's root) written into a
 * server-rendered page: with the catalog's styles already inline, the HTML is then the only request in the way of the
 * first paint (a few KB more per page, where a first visit would have waited a round trip for them).
 */
export async function inlineStylesheets(html, root) {
  let out = html;
  for (const [tag, href] of html.matchAll(/<link href="\/([^"/]+\.css)" rel="stylesheet">/g)) {
    const css = await readFile(path.join(root, href), 'utf8');
    out = out.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return out;
}

/**
 * A server-rendered page starts its scripts once its HTML is on screen: the entry is added in a task after the second
 * animation frame (by then the first frame has been painted and presented), together with preloads of the chunks it
 * will need (the page's `link[data-after-paint]`, so they load in parallel rather than one after another). The page
 * is readable before hydration: its first paint and its first image never share the bandwidth or the main thread
 * with 150 KB of scripts. A client-rendered page keeps its deferred entry and preloads: it has nothing to show before.
 */
export function startAfterPaint(src) {
  const url = JSON.stringify(src).replace(/</g, '\\u003c');
  return (
    '<script>requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){' +
    'document.querySelectorAll("link[data-after-paint]").forEach(function(l){var p=document.createElement("link");p.rel="preload";p.as="script";p.href=l.href;document.head.appendChild(p)});' +
    `var s=document.createElement("script");s.src=${url};document.body.appendChild(s)})})})</script>`
  );
}

/**
 * The site's origin for a page's canonical and structured-data addresses and robots.txt: the one the request came
 * through when it is a configured origin (FRONTEND_ORIGINS, or the server's own `http://localhost:<port>` without
 * it), the first configured one otherwise — in every mode, a forged Host never reaches the HTML.
 * @param {{ protocol: string, host: string }} request @param {string[]} origins at least one
 */
export function siteOrigin(request, origins) {
  const own = `${request.protocol}://${request.host}`;
  return origins.includes(own) ? own : origins[0];
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

/** Id of the JSON block with the router's data of a server-rendered page (read by the shell's start-up). */
export const ROUTER_DATA_ID = 'excursio-router-data';

/**
 * A server-rendered page: its head tags (title, description, canonical…) replace the template's title, its stylesheets
 * come inline (styled before any script), its HTML fills #root and the loaders' data follows as JSON.
 */
export function ssrHtml(template, head, rendered) {
  // the page is readable before any script runs: its first paint and first image get the bandwidth, the scripts are
  // fetched once it is on screen, all at once (startAfterPaint turns these links into preloads)
  head = head.replaceAll('<link rel="preload" as="script" href=', '<link data-after-paint href=');
  const before = rendered.head.includes('<title>') ? template.before.replace(/<title>[^<]*<\/title>/, '') : template.before;
  const style = rendered.css ? `<style data-ssr-css>${rendered.css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  const data = `<script type="application/json" id="${ROUTER_DATA_ID}">${safeJsonText(rendered.data)}</script>`;
  return withHead(before, `${rendered.head}${head}${style}`) + rendered.html + template.after.replace('</div>', `</div>${data}`);
}

/**
 * @param {{ root: string, host?: string, port: number, cors?: boolean, spa?: boolean,
 *   apiUrl?: string, runtimeFiles?: Record<string, () => unknown>, logger?: boolean,
 *   head?: (pathname: string, pinned?: Record<string, string>) => Promise<string>, production?: boolean,
 *   csp?: (scriptHashes: string[]) => string, ssr?: SsrRenderer, origins?: string[] }} opts — `csp` builds the pages' Content-Security-Policy
 *   (shell only); `origins` the site's origins (default: `http://localhost:<port>`); `ssr` renders a remote's pages on the server (shell/server/ssr/renderer.mjs)
 * @typedef {{ remote: string, render: (request: { url: string, userAgent: string }) => Promise<any>,
 *   readiness?: () => string }} SsrRenderer
 */
export async function startStaticServer(opts) {
  const app = Fastify({ logger: opts.logger ?? false });
  const origins = () => (opts.origins?.length ? opts.origins : [`http://localhost:${app.server.address().port}`]);
  if (opts.ssr?.close) app.addHook('onClose', () => opts.ssr.close());
  // nosniff, Referrer-Policy (and HSTS in production) on every answer; remotes' files may be used cross-origin
  const base = baseHeaders({ remote: Boolean(opts.cors), production: Boolean(opts.production) });
  const pageCsp = (scriptHashes) =>
    opts.csp ? opts.csp(scriptHashes) : `default-src 'self'; script-src 'self' ${scriptHashes.join(' ')}; object-src 'none'; base-uri 'self'; frame-ancestors 'none'`;
  const fileScriptHashes = new Map();
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(base)) if (!reply.hasHeader(name)) reply.header(name, value);
    // every HTML answer is a page, whatever route sent it (/index.html as a file too): CSP, no framing
    if (/^text\/html/i.test(String(reply.getHeader('content-type') ?? '')) && !reply.hasHeader('content-security-policy')) {
      const hashes = await htmlFileScriptHashes(opts.root, request.url.split('?')[0], fileScriptHashes);
      reply.headers(pageHeaders({ csp: pageCsp(hashes), withToken: hasTokenParam(request.url) }));
    }
    return payload;
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  if (opts.cors) await app.register(fastifyCors, { origin: true, methods: ['GET', 'HEAD', 'OPTIONS'] });

  if (opts.apiUrl) await registerApiProxy(app, opts.apiUrl);

  // for load balancers and the stack starters: alive as soon as it listens; ready once its first render generation is
  // warm or rendering is off or given up (a shell taking traffic before then would serve its first pages unrendered),
  // and, for the shell, once the api it proxies answers (before then every page's data and sign-in would be a 502)
  app.get('/live', (request, reply) => reply.header('Cache-Control', 'no-store').send({ live: true }));
  const apiAnswers = async () => {
    try {
      return (await fetch(`${opts.apiUrl}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  };
  app.get('/ready', async (request, reply) => {
    const rendering = opts.ssr?.readiness?.() ?? 'off';
    const api = opts.apiUrl ? ((await apiAnswers()) ? 'up' : 'down') : null;
    const ready = rendering !== 'starting' && rendering !== 'idle' && api !== 'down';
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(api ? { ready, rendering, api } : { ready, rendering });
  });

  for (const [file, produce] of Object.entries(opts.runtimeFiles ?? {})) {
    app.get(`/${file}`, async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return produce(request);
    });
  }

  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: true,
    index: false,
    // <file>.br / <file>.gz written by the build (strongest settings) are sent when the browser accepts them
    preCompressed: true,
    setHeaders: cacheHeaders,
  });

  if (opts.spa) {
    const indexHtml = await readFile(path.join(opts.root, 'index.html'), 'utf8');
    const template = opts.ssr ? splitTemplate(await inlineStylesheets(indexHtml, opts.root)) : null;
    // the inline start-up scripts are allowed by their hashes (the inlined runtime settings are JSON: never executed)
    const scriptHashes = inlineScriptHashes(template ? `${indexHtml}${template.after}` : indexHtml);
    const page = async (request, reply) => {
      const [pathname, query] = splitUrl(request.url);
      // the address rules the server can apply (capitals, trailing slash) are real redirects, for crawlers too;
      // a ?token= address stays with the browser, which takes the token out before any request
      const canonical = canonicalTarget(pathname);
      if (canonical && !hasTokenParam(request.url)) {
        return reply.header('Cache-Control', 'public, max-age=3600').redirect(`${canonical}${query}`, 301);
      }
      reply.headers(pageHeaders({ csp: pageCsp(scriptHashes), withToken: hasTokenParam(request.url) }));
      const rendered = serverRendered(pathname) && !hasTokenParam(request.url) ? await renderOnServer(request) : null;
      if (rendered?.kind === 'redirect') return reply.header('Cache-Control', 'no-cache').redirect(rendered.location, rendered.status);
      if (rendered?.kind === 'page') {
        const head = opts.head ? await opts.head(pathname, { [opts.ssr.remote]: rendered.webEntry }) : '';
        reply.header('X-Rendered-By', `ssr ${rendered.build}`);
        return reply.code(rendered.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(ssrHtml(template, head, rendered));
      }
      const html = opts.head ? withHead(indexHtml, await opts.head(pathname)) : indexHtml;
      // a server-rendered area served without its rendering (remote down, slow, failing): never kept by any cache
      const cache = serverRendered(pathname) && rendered?.kind !== 'client' ? 'no-store' : 'no-cache';
      return reply.header('Cache-Control', cache).type('text/html; charset=utf-8').send(html);
    };
    const serverRendered = (pathname) => Boolean(opts.ssr) && remoteForPath(pathname) === opts.ssr.remote;
    const renderOnServer = async (request) => {
      try {
        return await opts.ssr.render({ url: `${siteOrigin(request, origins())}${request.url}`, userAgent: String(request.headers['user-agent'] ?? '') });
      } catch (error) {
        request.log.error(error);
        return null;
      }
    };
    app.get('/', page);
    app.get('/robots.txt', (request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(siteOrigin(request, origins()))),
    );
    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = request.method === 'GET' && !path.extname(request.url.split('?')[0]);
      if (!wantsHtml) return reply.code(404).send({ message: 'Not Found.' });
      return page(request, reply);
    });
  }

  await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
  return app;
}
