// Static server for a built app: compression, security and cache headers, CORS for remotes, and (for the shell)
// runtime config, the reverse proxy to the api, health, and the pages (single-page fallback, server rendering).
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import { registerApiProxy } from './apiProxy.mjs';
import { registerHealth } from './health.mjs';
import { registerPages } from './pages.mjs';
import { baseHeaders, hasTokenParam, pageHeaders } from './securityHeaders.mjs';
import { htmlFileScriptHashes, registerReleaseFiles, registerShellReleaseFiles, registerStaticFiles } from './staticFiles.mjs';

/**
 * @param {{ root: string, host?: string, port: number, cors?: boolean, spa?: boolean,
 *   apiUrl?: string, runtimeFiles?: Record<string, () => unknown>, logger?: boolean,
 *   head?: (pathname: string, pinned?: Record<string, string>) => Promise<string>, production?: boolean,
 *   csp?: (scriptHashes: string[]) => string, ssr?: SsrRenderer, origins?: string[],
 *   renderCache?: ReturnType<typeof import('./ssr/renderCache.mjs').createRenderCache>, cdnMaxAgeS?: number,
 *   pageVariant?: (request: import('fastify').FastifyRequest) => string,
 *   metrics?: { register: (app: import('fastify').FastifyInstance, opts: { token?: string }) => void }, metricsToken?: string,
 *   releases?: { storeDir: string, appDir: string }, onClose?: () => Promise<void>,
 *   shellBuilds?: ShellBuilds, shellFiles?: { dir: string, prefix: string, rewrite: (req: import('node:http').IncomingMessage) => string },
 *   onRequest?: (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => unknown }} opts — `onRequest`: runs first for every request (the canary's bucket cookie);
 *   `metrics`: request latency and /metrics for the bearer of `metricsToken` (./metrics.mjs); `csp` builds the pages' Content-Security-Policy
 *   (shell only); `releases`: also serve the app's released builds (scripts/release.mjs) at /<app>/<hash>/; `origins` the site's origins
 *   (default: `http://localhost:<port>`); `ssr` renders a remote's pages on the server (shell/server/ssr/renderer.mjs);
 *   `renderCache` keeps its anonymous pages (shell/server/ssr/renderCache.mjs), `cdnMaxAgeS` lets a CDN hold them that long,
 *   `pageVariant` names what else a kept page depends on; `shellBuilds`: the shell build each page is made of (shell/dist or a
 *   shell release: ./shellBuilds.mjs); `shellFiles`: the store's shell folder (`dir`), served at `prefix`, and `rewrite`, the
 *   root address of a released shell file to its address there
 * @typedef {{ own: () => Promise<import('./shellBuilds.mjs').ShellBuild>, get: (hash: string | null) => Promise<import('./shellBuilds.mjs').ShellBuild>,
 *   forRequest: (request: import('fastify').FastifyRequest) => Promise<import('./shellBuilds.mjs').ShellBuild> }} ShellBuilds
 * @typedef {{ remote: string, render: (page: { url: string, userAgent: string }, request?: import('fastify').FastifyRequest) => Promise<any>,
 *   readiness?: () => string, build?: (request?: import('fastify').FastifyRequest) => string | null, close?: () => Promise<void> }} SsrRenderer
 *   (`request`: the build it is pinned to renders it: ./ssr/pinnedRenderers.mjs)
 */
/** How long close() lets busy connections finish before it cuts them. */
const CLOSE_DRAIN_MS = 10_000;

export async function startStaticServer(opts) {
  // the shell's released files are answered from the store (./shellBuilds.mjs: `createShellFileUrl`); routing follows
  const app = Fastify({ logger: opts.logger ?? false, ...(opts.shellFiles ? { rewriteUrl: opts.shellFiles.rewrite } : {}) });
  const origins = () => (opts.origins?.length ? opts.origins : [`http://localhost:${app.server.address().port}`]);
  // close(): requests in flight finish, but a connection still busy after CLOSE_DRAIN_MS (opts.closeDrainMs) — a client that stopped reading
  // its answer — is cut, not held to the keep-alive timeout (72 s: seen as a 70 s wait in a test that read headers only)
  app.addHook('preClose', (done) => {
    setTimeout(() => app.server.closeAllConnections?.(), opts.closeDrainMs ?? CLOSE_DRAIN_MS).unref();
    done();
  });
  if (opts.ssr?.close) app.addHook('onClose', () => opts.ssr.close());
  if (opts.onClose) app.addHook('onClose', opts.onClose);
  if (opts.onRequest) {
    app.addHook('onRequest', async (request, reply) => {
      await opts.onRequest(request, reply);
      if (reply.sent) return reply;
    });
  }
  // nosniff, Referrer-Policy (and HSTS in production) on every answer; remotes' files may be used cross-origin
  const base = baseHeaders({ remote: Boolean(opts.cors), production: Boolean(opts.production) });
  const pageCsp = (scriptHashes) =>
    opts.csp ? opts.csp(scriptHashes) : `default-src 'self'; script-src 'self' ${scriptHashes.join(' ')}; object-src 'none'; base-uri 'self'; frame-ancestors 'none'`;
  const fileScriptHashes = new Map();
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(base)) if (!reply.hasHeader(name)) reply.header(name, value);
    // a file cached for a year unchanged (content-named, or of a release) is never revalidated nor fetched in ranges:
    // its validators and Accept-Ranges were ~90 bytes for nothing on each script of a first view (issue 30 §2)
    if (/\bimmutable\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
      for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
    }
    // every HTML answer is a page, whatever route sent it (/index.html as a file too): CSP, no framing
    if (/^text\/html/i.test(String(reply.getHeader('content-type') ?? '')) && !reply.hasHeader('content-security-policy')) {
      const [pathname] = request.url.split('?');
      // an HTML file of a shell release (its /index.html, rewritten to the store): that file's inline scripts
      const released = opts.shellFiles && pathname.startsWith(opts.shellFiles.prefix);
      const hashes = released
        ? await htmlFileScriptHashes(opts.shellFiles.dir, pathname.slice(opts.shellFiles.prefix.length - 1), fileScriptHashes)
        : await htmlFileScriptHashes(opts.root, pathname, fileScriptHashes);
      reply.headers(pageHeaders({ csp: pageCsp(hashes), withToken: hasTokenParam(request.url) }));
    }
    return payload;
  });
  opts.metrics?.register(app, { token: opts.metricsToken });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  if (opts.cors) await app.register(fastifyCors, { origin: true, methods: ['GET', 'HEAD', 'OPTIONS'] });

  if (opts.apiUrl) await registerApiProxy(app, opts.apiUrl);
  // drain(): /ready answers 503 from now on, everything else is still served (the first step of a SIGTERM)
  const health = { draining: false };
  app.decorate('drain', () => {
    health.draining = true;
  });
  registerHealth(app, { apiUrl: opts.apiUrl, ssr: opts.ssr, state: health });

  for (const [file, produce] of Object.entries(opts.runtimeFiles ?? {})) {
    app.get(`/${file}`, async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return produce(request);
    });
  }

  await registerStaticFiles(app, opts.root);
  if (opts.releases) await registerReleaseFiles(app, opts.releases);
  if (opts.shellFiles) await registerShellReleaseFiles(app, opts.shellFiles);
  if (opts.spa) await registerPages(app, opts, { pageCsp, origins });

  await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
  return app;
}
