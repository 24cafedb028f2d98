// The shell's pages: every address without a file extension answers index.html (the single-page fallback), with its
// preload hints, its CSP and, for the remote rendered on the server, the rendered page; the address rules' redirects;
// robots.txt.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { canonicalTarget, siteOrigin, splitUrl } from './addressRules.mjs';
import { inlineStylesheets, splitTemplate } from './pageTemplate.mjs';
import { remoteForPath, withHead } from './preloadHints.mjs';
import { robotsTxt } from './robots.mjs';
import { hasTokenParam, inlineScriptHashes, pageHeaders } from './securityHeaders.mjs';
import { ssrHtml } from './ssr/pageHtml.mjs';

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ root: string, head?: (pathname: string, pinned?: Record<string, string>, request?: import('fastify').FastifyRequest) => Promise<string>,
 *   ssr?: import('./staticServer.mjs').SsrRenderer, clientRendered?: (request: import('fastify').FastifyRequest) => boolean }} opts
 *   `clientRendered`: a browser whose page the server does not render (a canary's: the renderer holds the live build)
 * @param {{ pageCsp: (scriptHashes: string[]) => string, origins: () => string[] }} site
 */
export async function registerPages(app, opts, { pageCsp, origins }) {
  const indexHtml = await readFile(path.join(opts.root, 'index.html'), 'utf8');
  const template = opts.ssr ? splitTemplate(await inlineStylesheets(indexHtml, opts.root)) : null;
  // the inline start-up scripts are allowed by their hashes (the inlined runtime settings are JSON: never executed)
  const scriptHashes = inlineScriptHashes(template ? `${indexHtml}${template.after}` : indexHtml);
  const serverRendered = (pathname) => Boolean(opts.ssr) && remoteForPath(pathname) === opts.ssr.remote;
  const renderOnServer = async (request) => {
    try {
      return await opts.ssr.render({ url: `${siteOrigin(request, origins())}${request.url}`, userAgent: String(request.headers['user-agent'] ?? '') });
    } catch (error) {
      request.log.error(error);
      return null;
    }
  };
  const page = async (request, reply) => {
    const [pathname, query] = splitUrl(request.url);
    // the address rules the server can apply (capitals, trailing slash) are real redirects, for crawlers too;
    // a ?token= address stays with the browser, which takes the token out before any request
    const canonical = canonicalTarget(pathname);
    if (canonical && !hasTokenParam(request.url)) {
      return reply.header('Cache-Control', 'public, max-age=3600').redirect(`${canonical}${query}`, 301);
    }
    reply.headers(pageHeaders({ csp: pageCsp(scriptHashes), withToken: hasTokenParam(request.url) }));
    const rendered = serverRendered(pathname) && !hasTokenParam(request.url) && !opts.clientRendered?.(request) ? await renderOnServer(request) : null;
    if (rendered?.kind === 'redirect') return reply.header('Cache-Control', 'no-cache').redirect(rendered.location, rendered.status);
    if (rendered?.kind === 'page') {
      const head = opts.head ? await opts.head(pathname, { [opts.ssr.remote]: rendered.webEntry }, request) : '';
      reply.header('X-Rendered-By', `ssr ${rendered.build}`);
      return reply.code(rendered.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(ssrHtml(template, head, rendered));
    }
    const html = opts.head ? withHead(indexHtml, await opts.head(pathname, undefined, request)) : indexHtml;
    // a server-rendered area served without its rendering (remote down, slow, failing): never kept by any cache
    const cache = serverRendered(pathname) && rendered?.kind !== 'client' ? 'no-store' : 'no-cache';
    return reply.header('Cache-Control', cache).type('text/html; charset=utf-8').send(html);
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
