// The shell's pages: every address without a file extension answers index.html (the single-page fallback), with its
// preload hints, its CSP and, for the remote rendered on the server, the rendered page; the address rules' redirects;
// robots.txt.
import path from 'node:path';
import { canonicalTarget, siteOrigin, splitUrl } from './addressRules.mjs';
import { remoteForPath, withHead } from './preloadHints.mjs';
import { robotsTxt } from './robots.mjs';
import { hasTokenParam, pageHeaders } from './securityHeaders.mjs';
import { createShellBuilds } from './shellBuilds.mjs';
import { ssrHtml } from './ssr/pageHtml.mjs';
import { encodeOnce, encodePage, pickEncoding, RENDER_CACHE_HEADER } from './ssr/renderCache.mjs';
import { isCrawler } from '../src/features/error-page/isCrawler.mjs';

/** The route a page's answer is counted under in the metrics (./metrics.mjs): one series for every page address. */
const PAGE_ROUTE = '(page)';

/** A kept page's statuses: the page itself, and «not found» (any other status is never kept). */
const KEPT_STATUSES = new Set([200, 404]);

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ root: string, head?: (pathname: string, pinned?: Record<string, string>, request?: import('fastify').FastifyRequest, shellTags?: string[]) => Promise<string>,
 *   shellBuilds?: import('./staticServer.mjs').ShellBuilds,
 *   ssr?: import('./staticServer.mjs').SsrRenderer,
 *   renderCache?: ReturnType<typeof import('./ssr/renderCache.mjs').createRenderCache>, cdnMaxAgeS?: number,
 *   pageVariant?: (request: import('fastify').FastifyRequest) => string }} opts
 *   `renderCache`: anonymous rendered pages kept in memory; `cdnMaxAgeS`: how long a shared cache (CDN) may hold a kept
 *   page before it revalidates; `pageVariant`: what else a page's HTML depends on for this request (the remotes list
 *   its head inlines: the live release pointers, a canary's side), part of a kept page's key
 * @param {{ pageCsp: (scriptHashes: string[]) => string, origins: () => string[] }} site
 */
export async function registerPages(app, opts, { pageCsp, origins }) {
  app.decorateRequest('metricsRoute', null);
  // the shell build a page is made of: shell/dist, or the shell release the request gets (./shellBuilds.mjs); its
  // template, CSP hashes and preload hints. shell/dist's is read now: a dist with no index.html stops the start.
  const shells = opts.shellBuilds ?? defaultShellBuilds(opts);
  await shells.own();
  const serverRendered = (pathname) => Boolean(opts.ssr) && remoteForPath(pathname) === opts.ssr.remote;
  const renderOnServer = async (request) => {
    try {
      // rendered by the build the request is pinned to (the live one, a canary's side, a preview link's)
      return await opts.ssr.render({ url: `${siteOrigin(request, origins())}${request.url}`, userAgent: String(request.headers['user-agent'] ?? '') }, request);
    } catch (error) {
      request.log.error(error);
      return null;
    }
  };
  /**
   * The rendered page as HTML with its preload hints (pinned to the build that rendered it: the remote's, and the
   * shell's whose render bundle made it, whose template, scripts and CSP hashes the page then carries).
   */
  const pageHtml = async (pathname, rendered, request) => {
    const shell = await shells.get(rendered.shell ?? null);
    const head = opts.head ? await opts.head(pathname, { [opts.ssr.remote]: rendered.webEntry }, request, shell) : '';
    return { html: ssrHtml(shell.template, head, rendered), scriptHashes: shell.scriptHashes };
  };
  /** A kept (or keepable) page: its compressed bytes, an ETag, and a Cache-Control a CDN may follow for seconds. */
  const sendKept = (request, reply, kept) => {
    const shared = kept.status === 200 && opts.cdnMaxAgeS > 0;
    reply
      .headers(pageHeaders({ csp: pageCsp(kept.scriptHashes), withToken: false }))
      .code(kept.status)
      .header('X-Rendered-By', `ssr ${kept.build}`)
      .header('ETag', kept.etag)
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', shared ? `public, max-age=0, s-maxage=${opts.cdnMaxAgeS}, stale-while-revalidate=${opts.cdnMaxAgeS * 6}` : 'no-cache')
      .type('text/html; charset=utf-8');
    if (kept.status === 200 && request.headers['if-none-match'] === kept.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? kept.br : encoding === 'gzip' ? kept.gzip : kept.identity);
  };
  /**
   * A server-rendered address through the cache: only the anonymous (no Authorization header; a `?token=` address is
   * never rendered) are kept; the key is the address, the catalog build, the api's catalog version, robot or person,
   * and the page's variant (the remotes list its head inlines).
   */
  const renderKept = async (request, pathname) => {
    const anonymous = !request.headers.authorization;
    if (!opts.renderCache || !anonymous) {
      return { state: 'bypass', value: await renderOnServer(request) };
    }
    const userAgent = String(request.headers['user-agent'] ?? '');
    const parts = { build: opts.ssr.build?.(request) ?? null, url: request.url, audience: `${isCrawler(userAgent) ? 'robot' : 'person'} ${opts.pageVariant?.(request) ?? ''}` };
    return opts.renderCache.get(parts, async () => {
      const rendered = await renderOnServer(request);
      if (rendered?.kind !== 'page' || !KEPT_STATUSES.has(rendered.status)) return { value: rendered, store: false, rendered: rendered !== null };
      const { html, scriptHashes } = await pageHtml(pathname, rendered, request);
      const encoded = await encodePage(html);
      return { value: rendered, page: { ...encoded, status: rendered.status, build: rendered.build, scriptHashes }, store: true };
    });
  };
  const page = async (request, reply) => {
    request.metricsRoute = PAGE_ROUTE;
    const [pathname, query] = splitUrl(request.url);
    // the address rules the server can apply (capitals, trailing slash) are real redirects, for crawlers too;
    // a ?token= address stays with the browser, which takes the token out before any request
    const canonical = canonicalTarget(pathname);
    if (canonical && !hasTokenParam(request.url)) {
      return reply.header('Cache-Control', 'public, max-age=3600').redirect(`${canonical}${query}`, 301);
    }
    const shell = await shells.forRequest(request);
    reply.headers(pageHeaders({ csp: pageCsp(shell.scriptHashes), withToken: hasTokenParam(request.url) }));
    let rendered = null;
    if (serverRendered(pathname) && !hasTokenParam(request.url)) {
      const answer = await renderKept(request, pathname);
      reply.header(RENDER_CACHE_HEADER, answer.state);
      if (answer.page) return sendKept(request, reply, answer.page);
      rendered = answer.value ?? null;
    }
    if (rendered?.kind === 'redirect') return reply.header('Cache-Control', 'no-cache').redirect(rendered.location, rendered.status);
    if (rendered?.kind === 'page') {
      const { html, scriptHashes } = await pageHtml(pathname, rendered, request);
      reply.header('X-Rendered-By', `ssr ${rendered.build}`).headers(pageHeaders({ csp: pageCsp(scriptHashes), withToken: hasTokenParam(request.url) }));
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      const body = encodeOnce(html, encoding);
      return reply.code(rendered.status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
    }
    const html = opts.head ? withHead(shell.indexHtml, await opts.head(pathname, undefined, request, shell)) : shell.indexHtml;
    // a server-rendered area served without its rendering (remote down, slow, failing): never kept by any cache
    const cache = serverRendered(pathname) && rendered?.kind !== 'client' ? 'no-store' : 'no-cache';
    return reply.header('Cache-Control', cache).type('text/html; charset=utf-8').send(html);
  };
  app.get('/', page);
  // A page's address (no file extension) that only the files' wildcard route matches goes to the page at once: through
  // that route it was first looked for on disk (the spelling check, then .br, .gz and the plain file: six file-system
  // calls, then «not found»), on every request — a kept city page cost 1.4 ms of CPU against 0.4 ms for `/`.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== '/*' || path.extname(splitUrl(request.url)[0])) return;
    await page(request, reply);
    return reply;
  });
  app.get('/robots.txt', (request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(siteOrigin(request, origins()))),
  );
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && !path.extname(request.url.split('?')[0]);
    if (!wantsHtml) return reply.code(404).send({ message: 'Not Found.' });
    return page(request, reply);
  });
}

/** Without the shell server's release following (tests, a bare static server): shell/dist for every page. */
function defaultShellBuilds(opts) {
  const builds = createShellBuilds({ distDir: opts.root, bundle: null, ssr: Boolean(opts.ssr) });
  return { own: builds.own, get: builds.get, forRequest: () => builds.own() };
}
