// The realtime settings: a refused example secret in production, a kept random one in development, the new limits.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../src/app';
import { apiRoot, loadConfig, type Env } from '../src/config';
import { realtimeSecretPath, resolveRealtimeSecret } from '../src/realtime/secret';
import { createTestDatabase } from './helpers/database';

const REFUSED = /REALTIME_APP_SECRET must be set in production/;

describe('realtime config', () => {
  test('REALTIME_MAX_CONNECTIONS_PER_IP (default 50, 0 = no cap) and REALTIME_SERVER_URL', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.realtimeMaxConnectionsPerIp, 50);
    assert.equal(defaults.realtimeServerUrl, null);
    const set = loadConfig({ REALTIME_MAX_CONNECTIONS_PER_IP: '0', REALTIME_SERVER_URL: 'http://127.0.0.1:6001' });
    assert.equal(set.realtimeMaxConnectionsPerIp, 0);
    assert.equal(set.realtimeServerUrl, 'http://127.0.0.1:6001');
    assert.throws(() => loadConfig({ REALTIME_MAX_CONNECTIONS_PER_IP: '-1' }), /REALTIME_MAX_CONNECTIONS_PER_IP/);
    assert.throws(() => loadConfig({ REALTIME_SERVER_URL: 'no url' }), /REALTIME_SERVER_URL/);
  });
});

describe('realtime secret in production', () => {
  test('refused when unset or the README example; any other value is used as given', () => {
    assert.throws(() => resolveRealtimeSecret(loadConfig({})), REFUSED);
    assert.throws(() => resolveRealtimeSecret(loadConfig({ REALTIME_APP_SECRET: 'excursio-secret' })), REFUSED);
    assert.throws(
      () => resolveRealtimeSecret(loadConfig({ REALTIME_APP_SECRET: 'excursio-secret', REALTIME_SERVER_URL: 'https://x.example' })),
      REFUSED,
      'also with an external server',
    );
    const real = 'f'.repeat(64);
    assert.equal(resolveRealtimeSecret(loadConfig({ REALTIME_APP_SECRET: real })), real);
  });

  test('the api refuses to start: buildApp rejects with the reason', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const config = loadConfig({ APP_ENV: 'production' });
      await assert.rejects(buildApp({ config, db: database.handle.db, logger: false }), REFUSED);
      const app = await buildApp({
        config: loadConfig({ APP_ENV: 'production', REALTIME_APP_SECRET: 'a'.repeat(64) }),
        db: database.handle.db,
        logger: false,
      });
      await app.close();
    } finally {
      await database.dispose();
    }
  });
});

describe('realtime secret in development and test', () => {
  let dir: string;
  const config = (env: Env = {}) => loadConfig({ APP_ENV: 'development', PGLITE_DIR: path.join(dir, 'pglite'), ...env });
  const file = () => path.join(dir, 'realtime-secret');
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'excursio-realtime-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('generates a random secret beside the database folder (mode 0600) and reuses it', () => {
    const secret = resolveRealtimeSecret(config());
    assert.match(secret, /^[0-9a-f]{64}$/);
    assert.equal(readFileSync(file(), 'utf8').trim(), secret);
    assert.equal(statSync(file()).mode & 0o777, 0o600);
    assert.equal(resolveRealtimeSecret(config()), secret, 'kept across restarts');
    assert.equal(resolveRealtimeSecret(config({ APP_ENV: 'test' })), secret, 'test mode too');
    assert.notEqual(secret, 'excursio-secret');
  });

  test('a damaged file is replaced, loose permissions are tightened', () => {
    writeFileSync(file(), 'half-written');
    const fresh = resolveRealtimeSecret(config());
    assert.match(fresh, /^[0-9a-f]{64}$/);
    chmodSync(file(), 0o644);
    assert.equal(resolveRealtimeSecret(config()), fresh);
    assert.equal(statSync(file()).mode & 0o777, 0o600);
  });

  test('a given secret, or the example with an external server, is used as given and nothing is written', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'excursio-realtime-'));
    try {
      const at = (env: Env) => loadConfig({ APP_ENV: 'development', PGLITE_DIR: path.join(other, 'pglite'), ...env });
      assert.equal(resolveRealtimeSecret(at({ REALTIME_APP_SECRET: 'my-dev-secret' })), 'my-dev-secret');
      const external = at({ REALTIME_APP_SECRET: 'excursio-secret', REALTIME_SERVER_URL: 'http://127.0.0.1:6001' });
      assert.equal(resolveRealtimeSecret(external), 'excursio-secret');
      assert.equal(existsSync(path.join(other, 'realtime-secret')), false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  test('an in-memory database keeps the secret in api/.data', () => {
    assert.equal(realtimeSecretPath('memory://'), path.join(apiRoot, '.data', 'realtime-secret'));
  });

  test('processes starting together agree on one secret', async () => {
    const shared = mkdtempSync(path.join(os.tmpdir(), 'excursio-realtime-'));
    const script =
      "import { loadConfig } from './src/config.ts'; import { resolveRealtimeSecret } from './src/realtime/secret.ts';" +
      'process.stdout.write(resolveRealtimeSecret(loadConfig({ APP_ENV: "development", PGLITE_DIR: process.argv[1] })));';
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, path.join(shared, 'pglite')], {
          cwd: apiRoot,
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    try {
      const secrets = await Promise.all([run(), run(), run(), run()]);
      assert.equal(new Set(secrets).size, 1, secrets.join(' '));
      assert.match(secrets[0] ?? '', /^[0-9a-f]{64}$/);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  test('the api signs with the kept secret', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const app = await buildApp({ config: config(), db: database.handle.db, logger: false });
      assert.equal(app.realtime.credentials.secret, readFileSync(file(), 'utf8').trim());
      await app.close();
    } finally {
      await database.dispose();
    }
  });
});
