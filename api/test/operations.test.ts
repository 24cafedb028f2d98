// What operators watch (issue 29 §4): liveness apart from readiness (a drain drops readiness only), and /metrics in
// the Prometheus format, never on the public port without its token, on an internal port when asked.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { outbox } from '../src/db/schema';
import { installMetrics } from '../src/http/metrics';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`) of a Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

for (const kind of databaseKinds()) {
  describe(`operations (${kind})`, () => {
    const ctx = useTestApp(kind);

    it('answers liveness and readiness apart; a drain drops readiness only', async () => {
      const live = await ctx.app.inject({ method: 'GET', url: '/api/live' });
      assert.equal(live.statusCode, 200);
      assert.deepEqual(live.json(), { live: true });
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { ready: true, database: 'up', redis: 'none', draining: false });

      const { app } = await ctx.variant({});
      app.drain();
      const draining = await app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(draining.statusCode, 503);
      assert.deepEqual(draining.json(), { ready: false, database: 'up', redis: 'none', draining: true });
      // still alive and still serving while the balancer notices
      assert.equal((await app.inject({ method: 'GET', url: '/api/live' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/api/excursion/data/commission' })).statusCode, 200);
    });

    it('is not ready when Redis does not answer', async () => {
      const { app } = await ctx.variant({});
      // a second app on the same database with a Redis that never answers (only readiness reads it here)
      const dead = { ping: () => new Promise<string>(() => undefined) };
      const probe = Fastify();
      const { readinessRoutes } = await import('../src/features/health/routes');
      await probe.register(readinessRoutes, { db: ctx.db, redis: dead, state: { draining: false } });
      const answer = await probe.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(answer.statusCode, 503);
      assert.equal(answer.json().redis, 'down');
      await probe.close();
      assert.equal((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode, 200);
    });

    it('has no /metrics on the public port without METRICS_TOKEN', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(response.statusCode, 404);
      assert.doesNotMatch(response.body, /excursio_/);
    });

    it('serves /metrics on the api port to the bearer of METRICS_TOKEN only', async () => {
      const { app } = await ctx.variant({ METRICS_TOKEN: TOKEN });
      for (const headers of [{}, bearer('wrong-token-0123456789abcdef'), bearer(`${TOKEN}x`)]) {
        const refused = await app.inject({ method: 'GET', url: '/metrics', headers });
        assert.equal(refused.statusCode, 404);
        assert.doesNotMatch(refused.body, /excursio_/);
      }
      await app.inject({ method: 'GET', url: '/api/excursion/data/commission' });
      await app.inject({ method: 'GET', url: '/api/excursion/data/commission' });
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      const text = response.body;
      // by route pattern: the two reads are one series
      assert.equal(
        sample(text, 'excursio_http_request_duration_seconds_count', { route: '/api/excursion/data/commission', method: 'GET', status: '2xx' }),
        2,
      );
      assert.equal(sample(text, 'excursio_realtime_connections'), 0);
      assert.equal(sample(text, 'excursio_realtime_deliveries_total'), 0);
      assert.equal(sample(text, 'excursio_outbox_lag_seconds'), 0);
      assert.equal(sample(text, 'excursio_lifecycle_sweep_lag_seconds'), -1);
      assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 0, "the process's defaults are there");
    });

    it("measures the outbox's lag, the sweeps and the signed-in cache's answers", async () => {
      const { app } = await ctx.variant({ METRICS_TOKEN: TOKEN, SIGNED_IN_CACHE_TTL_MS: '5000' });
      const now = Date.now();
      const [row] = await ctx.db
        .insert(outbox)
        .values({ kind: 'email', recipient: 'lag@example.com', payload: {}, nextAttemptAt: new Date(now - 90_000), createdAt: new Date(now - 90_000) })
        .returning({ id: outbox.id });
      app.metrics.sweepDone({ holdsExpired: 2, completed: 0 }, 40);
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      for (let i = 0; i < 3; i++) {
        assert.equal((await app.inject({ method: 'GET', url: '/api/excursion/user/order', headers: bearer(token) })).statusCode, 200);
      }
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
      const lag = sample(text, 'excursio_outbox_lag_seconds') ?? 0;
      assert.ok(lag >= 89 && lag < 200, `outbox lag ${lag}`);
      assert.ok((sample(text, 'excursio_outbox_rows', { state: 'pending' }) ?? 0) >= 1);
      assert.equal(sample(text, 'excursio_lifecycle_transitions_total', { kind: 'holdsExpired' }), 2);
      assert.equal(sample(text, 'excursio_lifecycle_transitions_total', { kind: 'completed' }), undefined);
      assert.equal(sample(text, 'excursio_lifecycle_sweep_duration_seconds_count'), 1);
      const sweepLag = sample(text, 'excursio_lifecycle_sweep_lag_seconds') ?? -1;
      assert.ok(sweepLag >= 0 && sweepLag < 60, `sweep lag ${sweepLag}`);
      assert.equal(sample(text, 'excursio_signed_in_cache_total', { result: 'MISS' }), 1);
      assert.equal(sample(text, 'excursio_signed_in_cache_total', { result: 'HIT' }), 2);
      await ctx.db.delete(outbox).where((await import('drizzle-orm')).eq(outbox.id, row!.id));
    });

    it('serves /metrics without a token on the internal METRICS_PORT, and nothing else there', async () => {
      const { app } = await ctx.variant({ METRICS_PORT: '0' });
      const port = app.metrics.port;
      assert.ok(port && port > 0, 'the internal listener is up once the app is ready');
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /^# HELP excursio_http_request_duration_seconds /m);
      assert.equal((await fetch(`http://127.0.0.1:${port}/api/health`)).status, 404);
      assert.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404, 'not on the public port');
    });
  });
}

describe('metrics of the PostgreSQL pool', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  after(async () => {
    for (const app of apps) await app.close();
  });

  it('reports connections in use, idle and the queries waiting for one', async () => {
    const app = Fastify();
    apps.push(app);
    const pool = { totalCount: 10, idleCount: 0, waitingCount: 7 };
    const metrics = installMetrics(app, {
      config: { port: null, token: null, host: '127.0.0.1' },
      db: { execute: async () => ({ rows: [] }) } as never,
      pool,
      cachedRoutes: [],
    });
    await app.ready();
    const text = await metrics.registry.metrics();
    assert.equal(sample(text, 'excursio_db_pool_waiting'), 7);
    assert.equal(sample(text, 'excursio_db_pool_connections', { state: 'in_use' }), 10);
    assert.equal(sample(text, 'excursio_db_pool_connections', { state: 'idle' }), 0);
    assert.equal(sample(text, 'excursio_realtime_connections'), undefined, 'no built-in realtime server: no series');
  });
});
