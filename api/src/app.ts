import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import { assertProductionReady, type Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { createAuthGuards, type AuthGuards } from './features/auth/guard';
import { authRoutes, devAuthRoutes } from './features/auth/routes';
import { createCatalogCache } from './features/catalog/cache';
import { chatRoutes } from './features/chat/routes';
import { contentRoutes } from './features/content/routes';
import { sitemapRoutes } from './features/sitemap/routes';
import { excursionsRoutes } from './features/excursions/routes';
import { favoritesRoutes } from './features/favorites/routes';
import { geoRoutes } from './features/geo/routes';
import { guidesRoutes } from './features/guides/routes';
import { healthRoutes, readinessRoutes } from './features/health/routes';
import { mediaRoutes } from './features/media/routes';
import { uploadRoutes } from './features/media/uploads/routes';
import { monitoringRoutes } from './features/monitoring/routes';
import { releaseRoutes } from './features/releases/routes';
import { staffReleaseRoutes } from './features/releases/staff-routes';
import { notificationsRoutes } from './features/notifications/routes';
import { ordersRoutes } from './features/orders/routes';
import { partnerOrdersRoutes } from './features/partner-orders/routes';
import { partnerEventsRoutes } from './features/partner-events/routes';
import { paymentsRoutes } from './features/payments/routes';
import { partnerProfileRoutes, profileRoutes } from './features/profile/routes';
import { partnerReviewsRoutes } from './features/partner-reviews/routes';
import { myReviewsRoutes } from './features/my-reviews/routes';
import { accountRoutes } from './features/account/routes';
import { rescheduleRoutes } from './features/reschedule/routes';
import { scheduleRoutes } from './features/schedules/routes';
import { partnerExcursionRoutes } from './features/partner-excursions/routes';
import { partnerStatsRoutes } from './features/partner-stats/routes';
import { staffSupportRoutes } from './features/staff-support/routes';
import { backofficeRoutes } from './features/backoffice/routes';
import { supportRoutes } from './features/support/routes';
import { viewsRoutes } from './features/views/routes';
import { reviewsRoutes } from './features/reviews/routes';
import { searchRoutes } from './features/search/routes';
import { sightsRoutes } from './features/sights/routes';
import { ssoRoutes } from './features/sso/routes';
import { ticketsRoutes } from './features/tickets/routes';
import { AJV_OPTIONS, strictBodyValidators } from './http/ajv';
import { lazySchemas } from './http/lazy-schemas';
import { errorServerOptions, installErrorHandling } from './http/error-handler';
import { installInputGuards } from './http/input-guard';
import { MovableClock } from './clock';
import { catalogRoutes } from './features/catalog/routes';
import { trackCatalogVersion } from './features/catalog/version';
import { SEATS } from './features/catalog/cache';
import { devClockRoutes } from './features/lifecycle/routes';
import { sweep } from './features/lifecycle/sweeps';
import { startLifecycleWorker, type LifecycleWorker } from './features/lifecycle/worker';
import { installSignedInReadCache, shareWriteEpoch } from './http/signed-in-cache';
import { createOutbox } from './features/outbox/outbox';
import { staffOutboxRoutes } from './features/outbox/routes';
import { paymentProviders } from './features/payments/provider';
import { refundHandler } from './features/payments/refunds';
import { settlePendingPayments } from './features/payments/settle';
import { createYookassaProvider } from './features/payments/yookassa/provider';
import { installMail } from './features/mail/install';
import { mailRoutes } from './features/mail/routes';
import { providerSecrets, scrubSecrets } from './provider-config';
import { redactUrl } from './http/redact';
import { registerPlugins } from './http/plugins';
import type { ResponseCache } from './http/response-cache';
import { createRealtime, installRealtime, type RealtimeServer } from './realtime';
import { installMetrics, type PoolStats } from './http/metrics';

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
  /** The orders' clock (tests move it); the wall clock when not given. */
  clock?: MovableClock;
  /** PostgreSQL's pool (its connection counts and waits in /metrics). */
  pool?: PoolStats | undefined;
  /** Runs the lifecycle worker with the app (config.orders.sweepS > 0); default true. */
  lifecycleWorker?: boolean;
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

/** GET routes whose answers depend only on the signed-in user, the URL and the database (no side effect). */
export const SIGNED_IN_CACHED_READS = [
  '/api/excursion/partner/profile',
  '/api/excursion/user/order',
  '/api/excursion/user/favorite',
  '/api/excursion/user/favorite/appended',
  // the partner dashboard's reads (issue 12: five calls on every visit of /account/partner)
  '/api/excursion/partner/orders',
  '/api/excursion/partner/reviews',
  '/api/excursion/partner/statistics',
  '/api/excursion/chat/unread',
  // the back office's moderation queue (issue 27: p99 <= 50 ms at 50 connections); claims are writes, so a claim
  // shows at once; an item's age and a lapsing claim are at most SIGNED_IN_CACHE_TTL_MS late
  '/api/staff/moderation',
] as const;

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The api as a Fastify instance (not listening): used by main.ts and by the tests through `inject`. */
export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  // Production never runs on a development default (dev sign-in channel, test payments, the example secret).
  assertProductionReady(config);
  const schemas = lazySchemas({ buildValidator: strictBodyValidators() });
  const app = Fastify({
    logger: withRedactedUrls(options.logger ?? (config.appEnv === 'test' ? false : { level: config.logLevel })),
    trustProxy: config.trustProxy,
    // Report every bad field at once (Laravel-style); coerce query/path/header strings to their types, never bodies.
    ajv: { customOptions: AJV_OPTIONS },
    // every route's validators and serialisers compiled at their first use, not all at start (http/lazy-schemas.ts)
    schemaController: { compilersFactory: schemas.compilersFactory },
    // Errors raised before routing (414 path parameter too long, bad URL; the HTTP parser's 431/400/408) answer
    // `{ message, errors }` like every other error, never echoing the input.
    ...errorServerOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installInputGuards(app);
  await registerPlugins(app, { config, redis: options.redis });

  const auth: AuthGuards = createAuthGuards(app, db, config.signedInCacheTtlMs);
  // Signed-in reads under load (issue 16, finding 9): the token and these answers are kept while nothing is written.
  installSignedInReadCache(app, {
    ttlMs: config.signedInCacheTtlMs,
    routes: SIGNED_IN_CACHED_READS,
    userOf: (request) => request.auth?.user.id ?? null,
  });
  // several api processes (REDIS_URL): a write through one is seen by the others' signed-in caches at once
  if (options.redis && config.signedInCacheTtlMs > 0) {
    shareWriteEpoch(app, { redis: options.redis, channel: `excursio:write-epoch:${config.realtime.appId}`, log: (m) => app.log.warn(m) });
  }
  // Realtime: the built-in Pusher-protocol server shares the api's port (/app/{key}); channel auth beside the api.
  // Throws in production without a real REALTIME_APP_SECRET (the api refuses to start).
  const realtime = createRealtime({ config, logger: app.log, server: options.realtime });
  // /metrics on an internal port or to a token's bearer (issue 29 §4)
  const metrics = installMetrics(app, {
    config: { ...config.metrics, host: config.host },
    db,
    realtime: config.realtimeServerUrl ? undefined : realtime.server,
    pool: options.pool,
    cachedRoutes: SIGNED_IN_CACHED_READS,
  });
  const clock = options.clock ?? new MovableClock();
  const secrets = providerSecrets(config.providers);
  const outbox = createOutbox({ db, clock, config: config.outbox, log: app.log, scrub: (text) => scrubSecrets(text, secrets) });
  const yookassa = config.paymentProvider === 'yookassa' && config.providers.yookassa ? createYookassaProvider(config.providers.yookassa, config.outbox.timeoutMs) : null;
  const payments = paymentProviders(yookassa ?? (config.paymentProvider === 'test' ? 'test' : null));
  outbox.handle('refund', refundHandler(payments, db));
  installMail({ config, db, outbox, log: app.log });
  const deps: Deps = {
    config,
    db,
    auth,
    driver: options.driver ?? 'pglite',
    catalogCache: options.catalogCache ?? createCatalogCache(config),
    broadcaster: realtime.broadcaster,
    clock,
    outbox,
    payments,
  };

  await app.register(healthRoutes, deps);
  await app.register(catalogRoutes, { ...deps, catalogVersion: trackCatalogVersion(db, deps.catalogCache, app.log) });
  const readiness = { draining: false };
  await app.register(readinessRoutes, { db, redis: options.redis, state: readiness });
  await app.register(authRoutes, deps);
  // /api/dev/* (a token for any phone, the sign-in codes) exist in development only: never in production or tests.
  if (config.appEnv === 'development') await app.register(devAuthRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(geoRoutes, deps);
  await app.register(excursionsRoutes, deps);
  await app.register(sightsRoutes, deps);
  await app.register(guidesRoutes, deps);
  await app.register(reviewsRoutes, deps);
  await app.register(searchRoutes, deps);
  await app.register(contentRoutes, deps);
  await app.register(sitemapRoutes, deps);
  await app.register(favoritesRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(partnerOrdersRoutes, deps);
  await app.register(partnerEventsRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(ticketsRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(monitoringRoutes, deps);
  await app.register(releaseRoutes, deps);
  await app.register(staffReleaseRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(uploadRoutes, deps);
  await app.register(ssoRoutes, deps);
  await app.register(partnerReviewsRoutes, deps);
  await app.register(myReviewsRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(rescheduleRoutes, deps);
  await app.register(scheduleRoutes, deps);
  await app.register(partnerExcursionRoutes, deps);
  await app.register(viewsRoutes, deps);
  await app.register(partnerStatsRoutes, deps);
  await app.register(partnerProfileRoutes, deps);
  await app.register(supportRoutes, deps);
  await app.register(staffSupportRoutes, deps);
  await app.register(backofficeRoutes, deps);
  await app.register(staffOutboxRoutes, deps);
  await app.register(mailRoutes, deps);

  // Orders in time: the lifecycle worker sweeps what is due (features/lifecycle); tests drive `lifecycle.runOnce()`.
  let worker: LifecycleWorker | null = null;
  const sweepDeps = {
    db,
    broadcaster: realtime.broadcaster,
    config: config.orders,
    seatsChanged: () => deps.catalogCache.invalidate(SEATS),
    catalogChanged: () => deps.catalogCache.invalidate(),
    deliverOutbox: (now: Date) => outbox.deliverDue(now),
    settlePayments: (now: Date) =>
      settlePendingPayments({ db, broadcaster: realtime.broadcaster, providers: payments, log: app.log, publicUrl: config.publicUrl }, now),
  };
  if (config.appEnv === 'development') {
    await app.register(devClockRoutes, { ...deps, movable: clock, worker: () => worker });
  }
  if (config.orders.sweepS > 0 && options.lifecycleWorker !== false) {
    app.addHook('onReady', async () => {
      worker = startLifecycleWorker({ ...sweepDeps, clock, intervalS: config.orders.sweepS, log: app.log, onSweep: metrics.sweepDone });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
  const lifecycle = { runOnce: (now: Date = clock.now()) => sweep(sweepDeps, now), clock, outbox };

  installRealtime(app, realtime, { authenticate: auth.authenticate, tokenOf: (request) => request.auth?.tokenId });
  /** SIGTERM's first step (main.ts): /api/ready answers 503 while everything else is still served. */
  const drain = () => {
    readiness.draining = true;
  };
  return Object.assign(app, { lifecycle, metrics, drain, schemas });
}
