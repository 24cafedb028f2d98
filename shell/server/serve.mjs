// Serve one built app: `node shell/server/serve.mjs <folder>` (the shell also proxies the api).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps, portVariable, remotes } from './apps.mjs';
import { existsSync } from 'node:fs';
import { EnvError } from '@excursio/shared/env';
import { serverEnv } from './env.mjs';
import { startStaticServer } from './staticServer.mjs';
import { createRenderer, shellRenderBundle } from './ssr/renderer.mjs';
import { createPinnedRenderers } from './ssr/pinnedRenderers.mjs';
import { createRenderCache } from './ssr/renderCache.mjs';
import { configJson, remotesJson } from './runtimeConfig.mjs';
import { createPreloadHints } from './preloadHints.mjs';
import { isProduction, shellCsp } from './securityHeaders.mjs';
import { createServerMetrics } from './metrics.mjs';
import { applyPreview, assignBucket, bucketOf, buildFor, createPreviewCheck, createReleasePointers, requestBucket, requestPreview, withPreview } from './releases.mjs';
import { createShellBuilds, createShellFileUrl, renderBundleOf, SHELL_APP } from './shellBuilds.mjs';

/** The repository: each app's build is <app folder>/dist. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Serves one app; its environment is parsed first (shell/server/env.mjs): a bad value throws an EnvError naming it. */
export async function serveApp(dir, env = process.env) {
  const app = apps.find((a) => a.dir === dir);
  if (!app) throw new Error(`unknown app ${dir}; one of ${apps.map((a) => a.dir).join(', ')}`);
  const settings = serverEnv(env, `${app.dir} server`);
  const port = settings[portVariable(app)];
  const dist = path.join(root, app.dir, 'dist');
  const apiUrl = settings.API_URL ?? `http://127.0.0.1:${settings.API_PORT}`;
  const metrics = createServerMetrics({ app: app.dir });
  // /metrics without a token on an internal port only (METRICS_PORT), closed with the server
  const metricsPort = settings.METRICS_PORT === undefined ? undefined : (await metrics.listen(settings.METRICS_PORT)).address().port;
  const storeDir = path.resolve(root, settings.RELEASES_DIR);
  // the shell follows the release registry's pointers (./releases.mjs); with no release made it serves as configured
  const pointers = app.host ? createReleasePointers({ apiUrl, env: settings.RELEASE_ENV, pollMs: settings.RELEASES_POLL_MS }) : null;
  // a browser on a canary's side (its bucket cookie) gets the canary's build of that remote
  // … and a browser that opened a preview link, that release of its app (ignored when the api does not confirm it)
  const remoteList = ({ request, ...options } = {}) =>
    remotesJson(settings, { ...options, live: withPreview(pointers?.live() ?? {}, requestPreview(request)), bucket: requestBucket(request) });
  const previewCheck = pointers ? createPreviewCheck({ apiUrl }) : null;
  // the shell's own release (./shellBuilds.mjs): the one a request gets (a canary's side, a preview link's), the live one
  const shellAt = (live, bucket) => (live[SHELL_APP] ? buildFor(live[SHELL_APP], bucket) : null);
  const shellFor = (request) => shellAt(withPreview(pointers?.live() ?? {}, requestPreview(request)), requestBucket(request));
  const liveShell = () => pointers?.live()[SHELL_APP]?.release.build_hash ?? null;
  // the first read before the renderer's first generation and the first page (an api that is not up yet answers at
  // once: nothing released is known until the next read)
  await pointers?.start();
  const shellRelease = { storeDir, distBundle: shellRenderBundle(path.join(root, 'shell')), liveShell, shellFor };
  const ssr = metrics.instrument(app.host ? serverRendering(settings, port, apiUrl, remoteList, shellRelease) : null);
  const shells = app.host ? createShellBuilds({ distDir: dist, bundle: shellRelease.distBundle, storeDir, ssr: Boolean(ssr) }) : null;
  // a moved pointer of the rendered remote or of the shell starts its new generation at once (not at the next version
  // check), and a canary of either its own renderer (its browsers' pages are rendered from the canary build)
  if (pointers) {
    pointers.onChange = (moved) => {
      const remote = remotes.find((r) => r.ssr);
      const live = pointers.live();
      if (moved.includes(SHELL_APP)) void shells.get(liveShell()); // read before the next page asks for it
      if (!ssr || !(moved.includes(remote?.dir) || moved.includes(SHELL_APP))) return;
      void Promise.resolve(ssr.refresh()).then(() => ssr.refresh());
      if (live[remote.dir]?.canary || live[SHELL_APP]?.canary) ssr.prepare(remotesJson(settings, { live, bucket: 0 })[remote.name], shellAt(live, 0));
    };
  }
  const hints = app.host
    ? createPreloadHints({
        distDir: dist,
        remotes: (request) => remoteList({ request }),
        publicRemotes: (request) => remoteList({ publicOnly: true, request }),
        config: () => configJson(settings),
      })
    : null;
  const server = await startStaticServer({
    root: dist,
    port,
    cors: !app.host,
    spa: Boolean(app.host),
    apiUrl: app.host ? apiUrl : undefined,
    head: hints ? (pathname, pinned, request) => hints.headFor(pathname, pinned, request) : undefined,
    ssr: ssr ?? undefined,
    renderCache: ssr ? renderCacheFor(settings, apiUrl) : undefined,
    cdnMaxAgeS: settings.RENDER_CACHE_CDN_S,
    origins: siteOrigins(settings, port),
    production: isProduction(settings),
    // the pages' CSP: the shell, the registered remotes and the api/realtime origins of the runtime config
    csp: app.host ? (scriptHashes) => shellCsp({ remotes: remoteList(), config: configJson(settings), scriptHashes }) : undefined,
    runtimeFiles: app.host ? { 'remotes.json': (request) => remoteList({ request }), 'config.json': () => configJson(settings) } : {},
    // a remote also serves its released builds, immutable, at /<app>/<build-hash>/ (scripts/release.mjs)
    releases: app.host ? undefined : { storeDir, appDir: app.dir },
    // … and the shell its own: each page is made of the shell release the request gets, the files of every release are
    // answered at their usual addresses (./shellBuilds.mjs)
    shellBuilds: shells ? { own: shells.own, get: shells.get, forRequest: (request) => shells.get(shellFor(request)) } : undefined,
    shellFiles: app.host
      ? {
          dir: path.join(storeDir, SHELL_APP),
          prefix: `/${SHELL_APP}/`,
          rewrite: createShellFileUrl({ storeDir, prefix: `/${SHELL_APP}/`, shellFor: (req) => shellAt(pointers?.live() ?? {}, bucketOf(req.headers.cookie)) }),
        }
      : undefined,
    onClose: pointers ? async () => pointers.close() : undefined,
    onRequest: pointers
      ? async (request, reply) => {
          assignBucket(request, reply, pointers.live(), { secure: isProduction(settings) });
          return applyPreview(request, reply, previewCheck, { secure: isProduction(settings) });
        }
      : undefined,
    metrics,
    metricsToken: settings.METRICS_TOKEN,
    // a kept page's HTML inlines the remotes list this request gets (live pointers, a canary's side)
    pageVariant: ssr ? (request) => createHash('sha1').update(JSON.stringify(remoteList({ request }))).digest('base64url').slice(0, 12) : undefined,
  });
  return { app, port, server, ssr, metrics, metricsPort };
}

/** The site's configured origins (FRONTEND_ORIGINS, the site first), or this server's own in development. */
function siteOrigins(settings, port) {
  const configured = settings.FRONTEND_ORIGINS?.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean) ?? [];
  return configured.length ? configured : [`http://localhost:${port}`];
}

/**
 * The shell server renders the pages of the remote built for it (`ssr` in ./apps.mjs) when its render bundle is
 * built; SSR=off serves every page client-rendered. SSR_VERSION_TTL_MS: how often the remote's version is checked;
 * SSR_WORKERS: render workers per generation; SSR_BUDGET_MS: the longest a page may wait for its rendering;
 * SSR_READY_TIMEOUT_MS: how long `/ready` waits for the first warm generation before the server is ready without it.
 */
function serverRendering(settings, port, apiUrl, remoteList, { storeDir, distBundle, liveShell, shellFor }) {
  const remote = remotes.find((r) => r.ssr);
  // the render bundle of a shell release (its store folder's ssr/), or shell/dist-server's with none (./shellBuilds.mjs)
  const bundleOf = (hash) => renderBundleOf({ storeDir, distBundle, hash });
  if (settings.SSR === 'off' || !remote || !(existsSync(distBundle) || bundleOf(liveShell()).file)) return null;
  const common = { remote: remote.name, apiUrl, origin: `http://localhost:${port}`, versionTtlMs: settings.SSR_VERSION_TTL_MS, budgetMs: settings.SSR_BUDGET_MS };
  const live = createRenderer({
    ...common,
    bundle: () => bundleOf(liveShell()),
    entry: () => remoteList()[remote.name],
    workers: settings.SSR_WORKERS,
    readyTimeoutMs: settings.SSR_READY_TIMEOUT_MS,
  });
  // a canary's browsers and a preview link's get their pages rendered from that build (./ssr/pinnedRenderers.mjs)
  const renderers = createPinnedRenderers({
    live,
    liveEntry: () => remoteList()[remote.name],
    entryFor: (request) => remoteList({ request })[remote.name],
    liveShell,
    shellFor,
    make: (entry, shell) => createRenderer({ ...common, bundle: () => bundleOf(shell), entry: () => entry, workers: 1 }),
  });
  renderers.start();
  return renderers;
}

/** The api's catalog version: the rendered-page cache's key (api features/catalog/version.ts). */
export const CATALOG_VERSION_PATH = '/api/excursion/public/catalog-version';

/**
 * Anonymous rendered pages kept in memory (RENDER_CACHE_FRESH_S; 0 keeps none), keyed by the api's catalog version:
 * a change of the catalog reaches the next page at once (docs/server-rendering.md, «The rendered-page cache»).
 */
function renderCacheFor(settings, apiUrl) {
  if (settings.RENDER_CACHE_FRESH_S === 0) return undefined;
  return createRenderCache({
    freshMs: settings.RENDER_CACHE_FRESH_S * 1000,
    maxEntries: settings.RENDER_CACHE_MAX_ENTRIES,
    fetchVersion: async () => {
      const res = await fetch(new URL(CATALOG_VERSION_PATH, apiUrl), { signal: AbortSignal.timeout(1_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const { version } = await res.json();
      if (typeof version !== 'string') throw new Error('no version in the answer');
      return version;
    },
    log: (message) => console.error(`[render cache] ${message}`),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  try {
    const { port, server } = await serveApp(dir);
    console.log(`${dir} → http://localhost:${port}`);
    // SIGTERM: readiness drops first (SHUTDOWN_DELAY_MS), then in-flight requests finish and the server closes
    const delay = serverEnv(process.env, `${dir} server`).SHUTDOWN_DELAY_MS;
    let closing = false;
    for (const signal of ['SIGTERM', 'SIGINT']) {
      process.once(signal, async () => {
        if (closing) return;
        closing = true;
        server.drain();
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const idle = setInterval(() => server.server.closeIdleConnections?.(), 200);
        await server.close().catch((error) => console.error(error));
        clearInterval(idle);
        process.exit(0);
      });
    }
  } catch (error) {
    // a bad configuration names every variable and what it expects: the stack would only bury that
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
}
