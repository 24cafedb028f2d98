// The static servers' environment (shell/server/serve.mjs: the shell server and each remote's): one TypeBox schema,
// every variable with its type, default, range and meaning, parsed by @excursio/shared/env. serve.mjs parses it once
// at the start, so a bad value stops the start naming the variable; docs/configuration.md and .env.example are
// generated from it (`npm run config:docs`). The ports and remote URLs follow the apps table (./apps.mjs).
import { availableParallelism } from 'node:os';
import Type from 'typebox';
import { parseEnv } from '@excursio/shared/env';
import { API_PORT, apps, portVariable, remotes } from './apps.mjs';

/** A remote's entry variable: REMOTE_CATALOG_URL, REMOTE_USER_ACCOUNT_URL, … */
export const remoteUrlVariable = (remote) => `REMOTE_${remote.key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_URL`;

const port = (description, value) => Type.Integer({ description, default: value, minimum: 1, maximum: 65535 });
const ms = (description, value, min, max) => Type.Integer({ description, default: value, minimum: min, maximum: max });

export const ServerEnv = Type.Object({
  APP_ENV: Type.Optional(
    Type.Enum(['development', 'production', 'test'], {
      defaultText: 'unset: NODE_ENV decides',
      description: 'production sends HSTS (Strict-Transport-Security); scripts/stack.mjs and the e2e stacks set it',
    }),
  ),
  NODE_ENV: Type.Optional(
    Type.String({ defaultText: 'unset', description: 'read only when APP_ENV is unset: production sends HSTS' }),
  ),
  ...Object.fromEntries(
    apps.map((app) => [portVariable(app), port(app.host ? "the site's port (the shell server)" : `${app.dir}'s port, its own origin`, app.port)]),
  ),
  ...Object.fromEntries(
    remotes.map((remote) => [
      remoteUrlVariable(remote),
      Type.Optional(
        Type.String({
          format: 'url',
          defaultText: `REMOTE_HOST:${portVariable(remote)}/remoteEntry.js`,
          description: `where ${remote.dir}'s remoteEntry.js lives (its mf-manifest.json is read next to it): /remotes.json, preload hints`,
        }),
      ),
    ]),
  ),
  REMOTE_HOST: Type.String({ format: 'url', default: 'http://localhost', description: 'host part of the default remote URLs' }),
  API_PORT: port("the api's port: where the shell server proxies to (npm start gives it to the api as PORT)", API_PORT),
  API_URL: Type.Optional(
    Type.String({ format: 'url', defaultText: 'http://127.0.0.1:API_PORT', description: 'where the shell server proxies /api, /socket and /app' }),
  ),
  FRONTEND_ORIGINS: Type.Optional(
    Type.String({
      defaultText: "this server's http://localhost:port",
      rangeText: 'origins, comma-separated, the site first',
      description:
        "the site's origins: a rendered page's canonical, og:url and data, and robots.txt use the one the request came through when it is listed, the first otherwise (never the Host header)",
    }),
  ),
  PUBLIC_API_BASE: Type.String({ default: '', description: 'api base URL the browser uses (/config.json); empty: the same origin, proxied' }),
  REALTIME_APP_KEY: Type.String({ default: 'excursio-key', description: "the Pusher app key browsers use (/config.json): the api's" }),
  REALTIME_WS_HOST: Type.String({ default: '', description: 'where browsers open the realtime socket (/config.json); empty: the page origin' }),
  REALTIME_WS_PORT: Type.Integer({ default: 0, minimum: 0, maximum: 65535, description: "the realtime socket's port (0: the page's)" }),
  REALTIME_FORCE_TLS: Type.Boolean({ default: false, description: 'browsers open the realtime socket over TLS (wss)' }),
  REALTIME_AUTH_ENDPOINT: Type.String({
    default: '/socket/broadcasting/auth',
    description: 'where browsers sign their private channel subscriptions (/config.json)',
  }),
  COUNTRY_LOOKUP_URL: Type.Optional(
    Type.String({ format: 'url', defaultText: 'unset', description: 'optional visitor-country lookup for the phone field (/config.json)' }),
  ),
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      defaultText: 'unset: no metrics port',
      description: 'an internal port answering GET /metrics (Prometheus format) without a token: keep it out of the balancer (0: any free port)',
    }),
  ),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      sensitive: true,
      defaultText: 'unset: no /metrics on the public port',
      description: "GET /metrics on the server's port too, for a request with Authorization: Bearer <this token>",
    }),
  ),
  SHUTDOWN_DELAY_MS: ms(
    'on SIGTERM: how long GET /ready answers 503 while pages are still served, before the server closes (0: at once; with a Kubernetes preStop sleep, 0)',
    0,
    0,
    120_000,
  ),
  RELEASES_DIR: Type.String({
    default: '.releases',
    description:
      'the release store (npm run release): <app>/<build-hash>/… of every released build, served immutable by each remote\'s server at /<app>/<build-hash>/, and the shell\'s releases by the shell server (docs/releases.md); relative to the repository',
  }),
  RELEASE_ENV: Type.String({ default: 'production', description: "the release registry's environment whose pointers /remotes.json, the renderer and the shell's own pages follow" }),
  RELEASES_POLL_MS: ms("how often the shell server reads the release pointers (the api's /api/releases/live), ms; 0: never (remotes as configured)", 2_000, 0, 3_600_000),
  SSR: Type.Enum(['on', 'off'], { default: 'on', description: 'server rendering of the catalog pages (docs/server-rendering.md); off serves them client-rendered' }),
  SSR_VERSION_TTL_MS: ms("how often the catalog's version (mf-manifest.json) is checked for a new build, ms", 10_000, 100, 3_600_000),
  SSR_BUDGET_MS: ms('the longest a page waits for its rendering before the client-rendered page is sent, ms', 2_500, 1, 60_000),
  SSR_WORKERS: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 64, defaultText: 'two (one on a one-core machine)', description: 'render workers per generation' }),
  ),
  RENDER_CACHE_FRESH_S: Type.Integer({
    default: 30,
    minimum: 0,
    maximum: 86_400,
    description:
      "seconds a rendered catalog page is served from memory for its catalog version (0: none kept); a change of the catalog reaches the next page at once, this bounds what changes with time alone",
  }),
  RENDER_CACHE_MAX_ENTRIES: Type.Integer({ default: 1_000, minimum: 1, maximum: 1_000_000, description: 'most rendered pages kept in memory (least recently used dropped first; also capped at 128 MB)' }),
  RENDER_CACHE_CDN_S: Type.Integer({
    default: 5,
    minimum: 0,
    maximum: 3_600,
    description: "s-maxage of a kept page: how long a CDN may serve it before revalidating with its ETag (0: not in shared caches)",
  }),
  SSR_READY_TIMEOUT_MS: ms(
    'how long GET /ready waits for the first warm render generation before the server is ready without it (pages client-rendered until one is warm), ms',
    60_000,
    0,
    3_600_000,
  ),
});

/**
 * The static servers' settings from an environment: every variable at its type and default. Throws an EnvError
 * naming each bad variable ("The mfe-auth server refuses to start: …").
 */
export function serverEnv(env = process.env, deployable = 'shell server') {
  const settings = parseEnv(ServerEnv, env, deployable);
  return { ...settings, SSR_WORKERS: settings.SSR_WORKERS ?? Math.min(2, availableParallelism()) };
}
