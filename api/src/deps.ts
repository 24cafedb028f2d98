import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AuthGuards } from './features/auth/guard';
import type { Outbox } from './features/outbox/outbox';
import type { PaymentProviders } from './features/payments/provider';
import type { ResponseCache } from './http/response-cache';
import type { Broadcaster } from './realtime';

/** What every feature's routes get from the app: the plugin options of each `app.register(routes, deps)`. */
export interface Deps {
  config: Config;
  db: Database;
  auth: AuthGuards;
  /** Which database is behind `db` (shown by the health check). */
  driver: 'pglite' | 'postgres';
  /** Public catalog answers kept in memory: catalog reads go through it, writes invalidate it (features/catalog/cache.ts). */
  catalogCache: ResponseCache;
  /** Publishes events to realtime channels (the built-in server, or a Pusher HTTP API). */
  broadcaster: Broadcaster;
  /** The time orders move by (creation, payment, the lifecycle worker); tests and development move it. */
  clock: Clock;
  /** Messages and refunds, written with the change that causes them and delivered with retries (features/outbox). */
  outbox: Outbox;
  /** The payment provider of new payments (PAYMENT_PROVIDER) and those of stored ones. */
  payments: PaymentProviders;
}
