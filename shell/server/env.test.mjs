// node --test: the static servers' environment (env.mjs): the defaults the servers always had, typed values, and a
// bad value that stops the start naming the variable and what it expects.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError } from '@excursio/shared/env';
import { configJson, remotesJson } from './runtimeConfig.mjs';
import { serverEnv } from './env.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('unset: the runtime files and settings the servers always had', () => {
  const settings = serverEnv({});
  assert.deepEqual(remotesJson(settings), {
    mfe_catalog: 'http://localhost:3001/remoteEntry.js',
    mfe_auth: 'http://localhost:3002/remoteEntry.js',
    mfe_user_account: 'http://localhost:3003/remoteEntry.js',
    mfe_partner_account: 'http://localhost:3004/remoteEntry.js',
    mfe_notifications: 'http://localhost:3005/remoteEntry.js',
    mfe_backoffice: 'http://localhost:3006/remoteEntry.js',
  });
  // the list inlined into every page leaves the staff-only remote out
  assert.equal('mfe_backoffice' in remotesJson(settings, { publicOnly: true }), false);
  assert.deepEqual(configJson(settings), {
    apiBase: '',
    realtime: { key: 'excursio-key', wsHost: '', wsPort: 0, forceTLS: false, authEndpoint: '/socket/broadcasting/auth' },
    countryLookupUrl: null,
  });
  assert.equal(settings.SHELL_PORT, 3000);
  assert.equal(settings.API_PORT, 8080);
  assert.equal(settings.API_URL, undefined);
  assert.equal(settings.SSR, 'on');
  assert.equal(settings.SSR_BUDGET_MS, 2500);
  assert.ok(settings.SSR_WORKERS === 1 || settings.SSR_WORKERS === 2);
});

test('set: typed values', () => {
  const settings = serverEnv({
    REMOTE_HOST: 'https://static.excursio.example',
    MFE_AUTH_PORT: '4002',
    REMOTE_CATALOG_URL: 'https://cdn.example.com/catalog/remoteEntry.js',
    REALTIME_WS_PORT: '443',
    REALTIME_FORCE_TLS: 'true',
    SSR: 'off',
    SSR_WORKERS: '3',
    PUBLIC_API_BASE: ' ',
  });
  const remotes = remotesJson(settings);
  assert.equal(remotes.mfe_catalog, 'https://cdn.example.com/catalog/remoteEntry.js');
  assert.equal(remotes.mfe_auth, 'https://static.excursio.example:4002/remoteEntry.js');
  assert.deepEqual(configJson(settings).realtime, { key: 'excursio-key', wsHost: '', wsPort: 443, forceTLS: true, authEndpoint: '/socket/broadcasting/auth' });
  assert.equal(configJson(settings).apiBase, '', 'blank is unset');
  assert.equal(settings.SSR, 'off');
  assert.equal(settings.SSR_WORKERS, 3);
});

test('bad values: every one named with what it expects', () => {
  assert.throws(
    () => serverEnv({ SHELL_PORT: 'x', REALTIME_FORCE_TLS: 'yes', SSR: 'maybe', SSR_WORKERS: '0', API_URL: 'not a url' }),
    (error) => {
      assert.ok(error instanceof EnvError);
      assert.deepEqual(error.problems, [
        'SHELL_PORT must be an integer between 1 and 65535, got "x"',
        'API_URL must be a URL, got another value (not shown)',
        'REALTIME_FORCE_TLS must be true or false, got "yes"',
        'SSR must be on or off, got "maybe"',
        'SSR_WORKERS must be an integer between 1 and 64, got "0"',
      ]);
      return true;
    },
  );
});

test('a bad value stops the start: the server exits naming the variable', () => {
  const started = spawnSync(process.execPath, ['shell/server/serve.mjs', 'mfe-auth'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, MFE_AUTH_PORT: '70000' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(started.status, 1, started.stderr);
  assert.match(started.stderr, /The mfe-auth server refuses to start: bad configuration/);
  assert.match(started.stderr, /MFE_AUTH_PORT must be an integer between 1 and 65535, got "70000"/);
  assert.doesNotMatch(started.stderr, /\n\s+at /, 'the message, not a stack');
});
