import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app';
import { apiRoot, assertProductionReady, developmentDefaults, loadConfig } from '../src/config';
import { createTestDatabase } from './helpers/database';

describe('config', () => {
  it('has production defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.appEnv, 'production');
    assert.equal(config.databaseUrl, null);
    assert.equal(config.pgliteDir, path.join(apiRoot, '.data', 'pglite'));
    assert.equal(config.redisUrl, null);
    assert.deepEqual(config.realtime, { appId: 'excursio', key: 'excursio-key', secret: 'excursio-secret' });
    assert.ok(config.frontendOrigins.includes('http://localhost:3000'));
    assert.ok(config.frontendOrigins.includes('http://localhost:3005'));
    assert.equal(config.monitoringWebhookUrl, null);
    assert.equal(config.serviceCommission, 15);
    assert.equal(config.tokenTtlDays, 30);
    assert.equal(config.trustProxy, false);
    assert.equal(config.logLevel, 'info');
    assert.deepEqual(config.catalogCache, { ttlS: 30, maxEntries: 2000 });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      APP_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PGLITE_DIR: '/tmp/x',
      FRONTEND_ORIGINS: 'https://excursio.example/, https://admin.excursio.example',
      SERVICE_COMMISSION: '10',
      TOKEN_TTL_DAYS: '7',
      TRUST_PROXY: 'false',
      LOG_LEVEL: 'warn',
      CATALOG_CACHE_TTL_S: '0',
      CATALOG_CACHE_MAX_ENTRIES: '50',
    });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.appEnv, 'development');
    assert.equal(config.databaseUrl, 'postgres://postgres@127.0.0.1:5432/test');
    assert.equal(config.pgliteDir, '/tmp/x');
    assert.deepEqual(config.frontendOrigins, ['https://excursio.example', 'https://admin.excursio.example']);
    assert.equal(config.serviceCommission, 10);
    assert.equal(config.tokenTtlDays, 7);
    assert.equal(config.trustProxy, false);
    assert.equal(config.logLevel, 'warn');
    assert.deepEqual(config.catalogCache, { ttlS: 0, maxEntries: 50 });
    assert.equal(loadConfig({ PGLITE_DIR: 'memory://' }).pgliteDir, 'memory://');
  });

  it('rejects invalid values without echoing secrets', () => {
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/);
    assert.throws(() => loadConfig({ APP_ENV: 'staging' }), /APP_ENV/);
    assert.throws(() => loadConfig({ SERVICE_COMMISSION: '150' }), /SERVICE_COMMISSION/);
    assert.throws(() => loadConfig({ CATALOG_CACHE_TTL_S: '-1' }), /CATALOG_CACHE_TTL_S/);
    assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
    assert.throws(
      () => loadConfig({ MONITORING_WEBHOOK_URL: 'not a url with token 123:SECRET' }),
      (error: Error) => /MONITORING_WEBHOOK_URL/.test(error.message) && !error.message.includes('SECRET'),
    );
  });
});

describe('config: production refuses development defaults (issue 16, finding 8)', () => {
  const SECRET = 'f'.repeat(64);
  const production = (env: Record<string, string> = {}) => loadConfig({ APP_ENV: 'production', REALTIME_APP_SECRET: SECRET, ...env });

  it('a production configuration with a real secret and nothing else is ready', () => {
    assert.deepEqual(developmentDefaults(production()), []);
    assert.doesNotThrow(() => assertProductionReady(production()));
    // development and test may use every default
    assert.deepEqual(developmentDefaults(loadConfig({ APP_ENV: 'development', SSO_CHANNEL: 'dev', PAYMENT_PROVIDER: 'test' })), []);
  });

  it('names each development default it refuses, all at once', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ REALTIME_APP_SECRET: '' }, /REALTIME_APP_SECRET must be set in production/],
      [{ REALTIME_APP_SECRET: 'excursio-secret' }, /REALTIME_APP_SECRET must be set in production/],
      [{ PAYMENT_PROVIDER: 'test' }, /PAYMENT_PROVIDER=test .* PAYMENT_TEST_MODE_IN_PRODUCTION=true/],
      [{ SSO_CHANNEL: 'dev' }, /SSO_CHANNEL=dev/],
    ];
    for (const [env, reason] of cases) {
      const config = production(env);
      assert.equal(developmentDefaults(config).length, 1, JSON.stringify(env));
      assert.throws(() => assertProductionReady(config), reason);
    }
    const all = developmentDefaults(
      loadConfig({ APP_ENV: 'production', SSO_CHANNEL: 'dev', PAYMENT_PROVIDER: 'test' }),
    );
    assert.equal(all.length, 3);
    // the test payment mode is allowed in production only when asked for explicitly
    assert.deepEqual(developmentDefaults(production({ PAYMENT_PROVIDER: 'test', PAYMENT_TEST_MODE_IN_PRODUCTION: 'true' })), []);
    assert.equal(production({ PAYMENT_PROVIDER: 'test', PAYMENT_TEST_MODE_IN_PRODUCTION: 'true' }).paymentProvider, 'test');
  });

  it('buildApp refuses to start; a ready production api has no /api/dev/* routes', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const refused: Record<string, string>[] = [{ SSO_CHANNEL: 'dev' }, { PAYMENT_PROVIDER: 'test' }, { REALTIME_APP_SECRET: 'excursio-secret' }];
      for (const env of refused) {
        await assert.rejects(
          buildApp({ config: production(env), db: database.handle.db, logger: false }),
          /refuses to start in production/,
          JSON.stringify(env),
        );
      }
      const app = await buildApp({ config: production(), db: database.handle.db, logger: false });
      try {
        const devRoutes: string[] = [];
        for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) if (line.includes('/api/dev')) devRoutes.push(line);
        assert.deepEqual(devRoutes, []);
        for (const [method, url] of [
          ['POST', '/api/dev/login-as'],
          ['GET', '/api/dev/outbox'],
          ['POST', '/api/dev/outbox/1/confirm'],
        ] as const) {
          const response = await app.inject({ method, url, payload: method === 'POST' ? { phone: '79990000001' } : undefined });
          assert.equal(response.statusCode, 404, url);
        }
        const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
        assert.deepEqual(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev')), []);
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
