import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { apiRoot, loadConfig } from '../src/config';

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
    assert.equal(config.trustProxy, 'loopback');
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
