import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app';
import { EnvError } from '@excursio/shared/env';
import { apiRoot, assertProductionReady, developmentDefaults, loadConfig, type Env } from '../src/config';
import { ApiEnv } from '../src/env';
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

  it('names every bad variable with what it expects, all at once', () => {
    const refused = (env: Env) => {
      try {
        loadConfig(env);
      } catch (error) {
        assert.ok(error instanceof EnvError, String(error));
        return error.problems;
      }
      assert.fail(`accepted ${JSON.stringify(env)}`);
    };
    assert.deepEqual(refused({ PORT: 'abc', SERVICE_COMMISSION: '150', LOG_LEVEL: 'loud', ORDER_PAYMENT_HOLD_MIN: '1.5' }), [
      'PORT must be an integer between 1 and 65535, got "abc"',
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, got "loud"',
      'SERVICE_COMMISSION must be a number between 0 and 100, got "150"',
      'ORDER_PAYMENT_HOLD_MIN must be an integer between 1 and 1440, got "1.5"',
    ]);
    assert.deepEqual(refused({ PAYMENT_TEST_MODE_IN_PRODUCTION: 'yes' }), ['PAYMENT_TEST_MODE_IN_PRODUCTION must be true or false, got "yes"']);
    assert.deepEqual(refused({ PAYMENT_PROVIDER: 'paypal' }), ['PAYMENT_PROVIDER must be test or yookassa, got "paypal"']);
    // a provider configured in part is refused the same way, naming what is missing
    assert.deepEqual(refused({ PAYMENT_PROVIDER: 'yookassa' }), ['PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY']);
    assert.deepEqual(refused({ LIFECYCLE_SWEEP_S: '-1' }), ['LIFECYCLE_SWEEP_S must be an integer between 0 and 3600, got "-1"']);
    // a URL may carry a password: never quoted
    assert.deepEqual(refused({ DATABASE_URL: 'postgres user:hunter2' }), ['DATABASE_URL must be a URL, got another value (not shown)']);
    // blank is unset
    assert.equal(loadConfig({ PORT: '  ', SIGNED_IN_CACHE_TTL_MS: '' }).port, 8080);
  });

  it('takes the defaults that depend on APP_ENV from the schema', () => {
    const at = (APP_ENV: string) => loadConfig({ APP_ENV });
    assert.equal(at('production').sso.channel, null);
    assert.equal(at('development').sso.channel, 'dev');
    assert.equal(at('production').paymentProvider, null);
    assert.equal(at('test').paymentProvider, 'test');
    assert.equal(at('test').signedInCacheTtlMs, 0);
    assert.equal(at('production').signedInCacheTtlMs, 2000);
    assert.equal(at('test').orders.sweepS, 0);
    assert.equal(at('development').orders.sweepS, 5);
    assert.equal(at('development').orders.moderationAutoApproveS, 20);
    assert.equal(loadConfig({ APP_ENV: 'production', MODERATION_AUTO_APPROVE_S: '5' }).orders.moderationAutoApproveS, 0);
    // every variable of the schema has a meaning, and a default or a word on what unset means
    for (const [name, schema] of Object.entries(ApiEnv.properties as unknown as Record<string, { description?: string }>)) {
      assert.ok(typeof schema.description === 'string' && schema.description.length > 10, name);
      assert.ok('default' in schema || 'defaultText' in schema, name);
    }
  });

  it('a bad value stops the start: the api exits naming the variable and what it expects', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, APP_ENV: 'development', PGLITE_DIR: 'memory://', PORT: '99999', SSO_CHANNEL: 'sms' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(started.status, 1, started.stderr);
    assert.match(started.stderr, /The api refuses to start: bad configuration/);
    assert.match(started.stderr, /PORT must be an integer between 1 and 65535, got "99999"/);
    assert.match(started.stderr, /SSO_CHANNEL must be dev or smsru, got "sms"/);
    assert.doesNotMatch(started.stderr, /at loadConfig/, 'the message, not a stack');
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
