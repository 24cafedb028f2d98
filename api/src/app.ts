import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { createAuthGuards, type AuthGuards } from './features/auth/guard';
import { authRoutes, devAuthRoutes } from './features/auth/routes';
import { catalogRoutes } from './features/catalog/routes';
import { contentRoutes } from './features/content/routes';
import { favoritesRoutes } from './features/favorites/routes';
import { healthRoutes } from './features/health/routes';
import { mediaRoutes } from './features/media/routes';
import { monitoringRoutes } from './features/monitoring/routes';
import { ordersRoutes } from './features/orders/routes';
import { paymentsRoutes } from './features/payments/routes';
import { profileRoutes } from './features/profile/routes';
import { ticketsRoutes } from './features/tickets/routes';
import { ssoRoutes } from './features/sso/plugin';
import { installErrorHandling } from './http/error-handler';
import { ResponseCache } from './http/response-cache';
import { registerPlugins } from './http/plugins';
import { createRealtimeServer, registerRealtimeRoutes, type Broadcaster, type RealtimeServer } from './realtime';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  driver?: Deps['driver'];
  /** Fastify logger options; by default JSON logs at config.logLevel (LOG_LEVEL), none when APP_ENV=test. */
  logger?: FastifyServerOptions['logger'];
  /** Redis (REDIS_URL): rate limits shared by several api processes. */
  redis?: Redis | undefined;
  /** The Pusher-protocol server; built from config.realtime when not given. */
  realtime?: RealtimeServer;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The api as a Fastify instance (not listening): used by main.ts and by the tests through `inject`. */
export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? (config.appEnv === 'test' ? false : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    ajv: {
      // Report every bad field at once (Laravel-style), coerce query/path strings to their types.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  await registerPlugins(app, { config, redis: options.redis });

  const auth: AuthGuards = createAuthGuards(app, db);
  // Public catalog answers kept in memory; writes of this process (orders) drop what they change.
  const catalogCache = new ResponseCache({
    ttlMs: config.catalogCache.ttlS * 1000,
    maxEntries: config.catalogCache.maxEntries,
    now: config.catalogCache.now,
  });
  const deps: Deps = { config, db, auth, driver: options.driver ?? 'pglite', catalogCache };
  // Exposed for modules wired in beside these routes (e.g. the realtime channel auth).
  app.decorate('auth', auth);
  app.decorate('catalogCache', catalogCache);

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  if (config.appEnv === 'development') await app.register(devAuthRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(catalogRoutes, deps);
  await app.register(contentRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(ticketsRoutes, deps);
  await app.register(favoritesRoutes, deps);
  await app.register(monitoringRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(ssoRoutes, deps);

  // Realtime: the built-in Pusher-protocol server shares the api's port (/app/{key}); channel auth beside the api.
  const realtime =
    options.realtime ??
    createRealtimeServer({ appId: config.realtime.appId, appKey: config.realtime.key, appSecret: config.realtime.secret, logger: app.log });
  registerRealtimeRoutes(app, { server: realtime, authenticate: auth.authenticate });
  realtime.attach(app.server);
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.decorate('broadcaster', realtime as Broadcaster);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthGuards;
    /** The in-process cache of public catalog answers (invalidate it after writing the catalog behind the api). */
    catalogCache: ResponseCache;
    /** Publishes events to realtime channels (the built-in server, or a Pusher HTTP API). */
    broadcaster: Broadcaster;
  }
}
