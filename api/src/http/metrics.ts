// What operators watch (issue 29 §4): GET /metrics in the Prometheus text format (prom-client), never public. It is
// served on an internal port (METRICS_PORT: a plain HTTP listener beside the api's, kept out of the balancer and the
// Ingress) and/or on the api port to a bearer of METRICS_TOKEN; with neither, /metrics does not exist (404).
//
// Each app has its own registry (tests build several apps in one process). What is measured:
// - request latency by route (the route's pattern, never the raw URL: a label per order id would never end), method
//   and status class;
// - the signed-in read cache's answers (x-cache HIT / SHARED, else MISS), for its hit ratio;
// - realtime: open sockets and events delivered to them;
// - the outbox: rows waiting by state and the age of the oldest row due (its lag);
// - the lifecycle sweeps: seconds since the last one finished (its lag), their duration and the transitions done;
// - the PostgreSQL pool: connections in use, idle, and requests waiting for one (pool waits);
// - the process (CPU, memory, event-loop lag, GC): prom-client's defaults.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';

/** What node-postgres' Pool tells about its connections. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricsOptions {
  config: { port: number | null; token: string | null; host: string };
  db: Database;
  /** The built-in realtime server's counts (none with an external Pusher server). */
  realtime?: { readonly connectionCount: number; readonly deliveryCount: number } | undefined;
  pool?: PoolStats | undefined;
  /** The signed-in read cache's routes (their x-cache answers are counted). */
  cachedRoutes: readonly string[];
  now?: () => number;
}

export interface ApiMetrics {
  readonly registry: Registry;
  /** A lifecycle sweep finished: its transitions by kind and how long it took. */
  sweepDone(report: Readonly<Partial<Record<string, number>>> | object, ms: number): void;
  /** The internal listener's port (METRICS_PORT; the actual one when 0 was asked in tests), once listening. */
  readonly port: number | null;
}

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Same length and bytes, in constant time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function installMetrics(app: FastifyInstance, options: MetricsOptions): ApiMetrics {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'excursio_http_request_duration_seconds',
    help: 'API request latency by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheAnswers = new Counter({
    name: 'excursio_signed_in_cache_total',
    help: 'Signed-in reads of the cached routes by how they were answered (HIT, SHARED, MISS)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const cached = new Set(options.cachedRoutes);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    requests.observe({ route, method: request.method, status }, reply.elapsedTime / 1000);
    if (request.method === 'GET' && reply.statusCode === 200 && cached.has(route)) {
      const how = reply.getHeader('x-cache');
      cacheAnswers.inc({ result: how === 'HIT' || how === 'SHARED' ? how : 'MISS' });
    }
  });

  const realtime = options.realtime;
  if (realtime) {
    new Gauge({
      name: 'excursio_realtime_connections',
      help: 'Open realtime sockets on this process',
      registers: [registry],
      collect() {
        this.set(realtime.connectionCount);
      },
    });
    let counted = 0;
    new Counter({
      name: 'excursio_realtime_deliveries_total',
      help: 'Realtime events written to this process sockets',
      registers: [registry],
      collect() {
        const total = realtime.deliveryCount;
        if (total > counted) this.inc(total - counted);
        counted = total;
      },
    });
  }

  new Gauge({
    name: 'excursio_outbox_rows',
    help: 'Outbox rows (messages, refunds) by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ state: string; n: number }>(await options.db.execute(sql`select state, count(*)::int as n from outbox group by state`));
      for (const row of rows) this.set({ state: row.state }, Number(row.n));
    },
  });
  new Gauge({
    name: 'excursio_outbox_lag_seconds',
    help: 'Age of the oldest outbox row due and not yet sent (0: none waiting)',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ due: string | Date | null }>(
        await options.db.execute(sql`select min(next_attempt_at) as due from outbox where state in ('pending', 'sending') and next_attempt_at <= now()`),
      );
      const due = row?.due;
      this.set(due ? Math.max(0, (now() - new Date(due).getTime()) / 1000) : 0);
    },
  });

  let lastSweep: number | null = null;
  const sweepDuration = new Histogram({
    name: 'excursio_lifecycle_sweep_duration_seconds',
    help: 'Duration of the lifecycle sweeps (expiries, reminders, the outbox, payments)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const transitions = new Counter({
    name: 'excursio_lifecycle_transitions_total',
    help: 'What the lifecycle sweeps did, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'excursio_lifecycle_sweep_lag_seconds',
    help: 'Seconds since the last lifecycle sweep of this process finished (-1: none yet)',
    registers: [registry],
    collect() {
      this.set(lastSweep === null ? -1 : (now() - lastSweep) / 1000);
    },
  });

  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'excursio_db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'excursio_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection (pool waits)',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const { token, port, host } = options.config;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      // whoever lacks the token learns nothing: the same 404 as without METRICS_TOKEN
      if (!sameToken(given, token)) return reply.code(404).send({ message: 'Not Found.', errors: {} });
      return reply.header('content-type', CONTENT_TYPE).header('cache-control', 'no-store').send(await registry.metrics());
    });
  }

  let listener: Server | null = null;
  let listening: number | null = null;
  if (port !== null) {
    listener = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: a collector failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed');
        },
      );
    });
    const server = listener;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          listening = typeof address === 'object' && address ? address.port : port;
          resolve();
        });
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }

  return {
    registry,
    sweepDone(report, ms) {
      lastSweep = now();
      sweepDuration.observe(ms / 1000);
      for (const [kind, n] of Object.entries(report)) if (typeof n === 'number' && n > 0) transitions.inc({ kind }, n);
    },
    get port() {
      return listening;
    },
  };
}
