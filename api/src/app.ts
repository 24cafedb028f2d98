import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { createAuthGuards, type AuthGuards } from './features/auth/guard';
import { authRoutes, devAuthRoutes } from './features/auth/routes';
import { createCatalogCache } from './features/catalog/cache';
import { chatRoutes } from './features/chat/routes';
import { contentRoutes } from './features/content/routes';
import { excursionsRoutes } from './features/excursions/routes';
import { favoritesRoutes } from './features/favorites/routes';
import { geoRoutes } from './features/geo/routes';
import { guidesRoutes } from './features/guides/routes';
import { healthRoutes } from './features/health/routes';
import { mediaRoutes } from './features/media/routes';
import { monitoringRoutes } from './features/monitoring/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { ordersRoutes } from './features/orders/routes';
import { paymentsRoutes } from './features/payments/routes';
import { profileRoutes } from './features/profile/routes';
import { reviewsRoutes } from './features/reviews/routes';
import { searchRoutes } from './features/search/routes';
import { sightsRoutes } from './features/sights/routes';
import { ssoRoutes } from './features/sso/routes';
import { ticketsRoutes } from './features/tickets/routes';
import { errorServerOptions, installErrorHandling } from './http/error-handler';
import { installInputGuards } from './http/input-guard';
import { redactUrl } from './http/redact';
import { registerPlugins } from './http/plugins';
import type { ResponseCache } from './http/response-cache';
import { createRealtime, installRealtime, type RealtimeServer } from './realtime';

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
  /** The catalog cache; built from config.catalogCache when not given (tests keep theirs to drop entries). */
  catalogCache?: ResponseCache;
}

/**
 * The logger options with a request serializer that redacts secret query parameters (`?token=` of the sign-in link,
 * codes, auth ids, signatures): no log line carries them.
 */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = typeof logger === 'object' ? logger : {};
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The api as a Fastify instance (not listening): used by main.ts and by the tests through `inject`. */
export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: withRedactedUrls(options.logger ?? (config.appEnv === 'test' ? false : { level: config.logLevel })),
    trustProxy: config.trustProxy,
    ajv: {
      // Report every bad field at once (Laravel-style), coerce query/path strings to their types.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
    },
    // Errors raised before routing (414 path parameter too long, bad URL; the HTTP parser's 431/400/408) answer
    // `{ message, errors }` like every other error, never echoing the input.
    ...errorServerOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installInputGuards(app);
  await registerPlugins(app, { config, redis: options.redis });

  const auth: AuthGuards = createAuthGuards(app, db);
  // Realtime: the built-in Pusher-protocol server shares the api's port (/app/{key}); channel auth beside the api.
  // Throws in production without a real REALTIME_APP_SECRET (the api refuses to start).
  const realtime = createRealtime({ config, logger: app.log, server: options.realtime });
  const deps: Deps = {
    config,
    db,
    auth,
    driver: options.driver ?? 'pglite',
    catalogCache: options.catalogCache ?? createCatalogCache(config),
    broadcaster: realtime.broadcaster,
  };

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  if (config.appEnv === 'development') await app.register(devAuthRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(geoRoutes, deps);
  await app.register(excursionsRoutes, deps);
  await app.register(sightsRoutes, deps);
  await app.register(guidesRoutes, deps);
  await app.register(reviewsRoutes, deps);
  await app.register(searchRoutes, deps);
  await app.register(contentRoutes, deps);
  await app.register(favoritesRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(ticketsRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(monitoringRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(ssoRoutes, deps);

  installRealtime(app, realtime, { authenticate: auth.authenticate, tokenOf: (request) => request.auth?.tokenId });
  return app;
}
