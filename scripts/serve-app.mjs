// Serve one built app: `node scripts/serve-app.mjs <folder>` (the shell also proxies the api).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps, portOf, remotes, API_PORT } from './apps.mjs';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { startStaticServer } from './server/staticServer.mjs';
import { createRenderer, shellRenderBundle } from './server/ssr/renderer.mjs';
import { configJson, remotesJson } from './server/runtimeConfig.mjs';
import { createPreloadHints } from './server/preloadHints.mjs';
import { isProduction, shellCsp } from './server/securityHeaders.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function serveApp(dir, env = process.env) {
  const app = apps.find((a) => a.dir === dir);
  if (!app) throw new Error(`unknown app ${dir}; one of ${apps.map((a) => a.dir).join(', ')}`);
  const port = portOf(app, env);
  const dist = path.join(root, app.dir, 'dist');
  const apiUrl = env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? API_PORT}`;
  const ssr = app.host ? serverRendering(env, port, apiUrl) : null;
  const hints = app.host
    ? createPreloadHints({
        distDir: dist,
        remotes: () => remotesJson(env),
        publicRemotes: () => remotesJson(env, { publicOnly: true }),
        config: () => configJson(env),
      })
    : null;
  const server = await startStaticServer({
    root: dist,
    port,
    cors: !app.host,
    spa: Boolean(app.host),
    apiUrl: app.host ? apiUrl : undefined,
    head: hints ? (pathname, pinned) => hints.headFor(pathname, pinned) : undefined,
    ssr: ssr ?? undefined,
    origins: siteOrigins(env, port),
    production: isProduction(env),
    // the pages' CSP: the shell, the registered remotes and the api/realtime origins of the runtime config
    csp: app.host ? (scriptHashes) => shellCsp({ remotes: remotesJson(env), config: configJson(env), scriptHashes }) : undefined,
    runtimeFiles: app.host ? { 'remotes.json': () => remotesJson(env), 'config.json': () => configJson(env) } : {},
  });
  return { app, port, server, ssr };
}

/** The site's configured origins (FRONTEND_ORIGINS, the site first), or this server's own in development. */
function siteOrigins(env, port) {
  const configured = env.FRONTEND_ORIGINS?.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean) ?? [];
  return configured.length ? configured : [`http://localhost:${port}`];
}

/**
 * The shell server renders the pages of the remote built for it (`ssr` in scripts/apps.mjs) when its render bundle is
 * built; SSR=off serves every page client-rendered. SSR_VERSION_TTL_MS: how often the remote's version is checked;
 * SSR_WORKERS: render workers per generation; SSR_BUDGET_MS: the longest a page may wait for its rendering;
 * SSR_READY_TIMEOUT_MS: how long `/ready` waits for the first warm generation before the server is ready without it.
 */
function serverRendering(env, port, apiUrl) {
  const bundle = shellRenderBundle(path.join(root, 'shell'));
  const remote = remotes.find((r) => r.ssr);
  if (env.SSR === 'off' || !remote || !existsSync(bundle)) return null;
  const renderer = createRenderer({
    bundle,
    remote: remote.name,
    entry: () => remotesJson(env)[remote.name],
    apiUrl,
    origin: `http://localhost:${port}`,
    versionTtlMs: Number(env.SSR_VERSION_TTL_MS ?? 10_000),
    budgetMs: Number(env.SSR_BUDGET_MS ?? 2_500),
    workers: Number(env.SSR_WORKERS ?? Math.min(2, availableParallelism())),
    readyTimeoutMs: Number(env.SSR_READY_TIMEOUT_MS ?? 60_000),
  });
  renderer.start();
  return renderer;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  const { port } = await serveApp(dir);
  console.log(`${dir} → http://localhost:${port}`);
}
