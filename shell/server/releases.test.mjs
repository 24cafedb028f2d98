// node --test: the shell server follows the release registry (issue 28) — /remotes.json names a released remote's
// immutable build, the canary for browsers in its share; a remote's server serves released builds immutable; an app
// with no release is served exactly as configured.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEnv } from './env.mjs';
import { bucketOf, buildFor, createReleasePointers } from './releases.mjs';
import { remotesJson } from './runtimeConfig.mjs';
import { startStaticServer } from './staticServer.mjs';

const LIVE = {
  'mfe-catalog': { release: { id: 1, build_hash: 'aaaaaaaaaaaa' }, canary: { id: 2, build_hash: 'bbbbbbbbbbbb', percent: 30 } },
};

test('no release: /remotes.json is what it always was; a released remote names its build beside the configured address', () => {
  const settings = serverEnv({});
  assert.deepEqual(remotesJson(settings, { live: {} }), remotesJson(settings));
  const list = remotesJson(settings, { live: LIVE });
  assert.equal(list.mfe_catalog, 'http://localhost:3001/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js');
  assert.equal(list.mfe_auth, 'http://localhost:3002/remoteEntry.js', 'other remotes as configured');
  const cdn = remotesJson(serverEnv({ REMOTE_CATALOG_URL: 'https://cdn.example.ru/catalog/remoteEntry.js' }), { live: LIVE });
  assert.equal(cdn.mfe_catalog, 'https://cdn.example.ru/catalog/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js');
});

test('a canary goes to the browsers whose bucket falls in its share, and only to them', () => {
  assert.equal(buildFor(LIVE['mfe-catalog'], 0), 'bbbbbbbbbbbb');
  assert.equal(buildFor(LIVE['mfe-catalog'], 29), 'bbbbbbbbbbbb');
  assert.equal(buildFor(LIVE['mfe-catalog'], 30), 'aaaaaaaaaaaa');
  assert.equal(buildFor(LIVE['mfe-catalog'], null), 'aaaaaaaaaaaa', 'no bucket yet: the live release');
  assert.equal(bucketOf('a=1; excursio_bucket=7; b=2'), 7);
  assert.equal(bucketOf('excursio_bucket=abc'), null);
  assert.equal(bucketOf(undefined), null);
});

test('the pointers are polled; a move is reported once; a failed read keeps the last known', async () => {
  let answer = { status: 200, body: { status: true, data: LIVE } };
  const seen = [];
  const pointers = createReleasePointers({
    apiUrl: 'http://api.invalid',
    env: 'production',
    pollMs: 60_000,
    fetchImpl: async (url) => {
      seen.push(url);
      if (answer.status !== 200) throw new Error('connect ECONNREFUSED');
      return new Response(JSON.stringify(answer.body), { status: 200 });
    },
    log: () => {},
  });
  const moved = [];
  pointers.onChange = (apps) => moved.push(apps);
  await pointers.start();
  assert.equal(seen[0], 'http://api.invalid/api/releases/live?env=production');
  assert.deepEqual(pointers.live(), LIVE);
  await pointers.refresh();
  assert.deepEqual(moved, [['mfe-catalog']], 'unchanged pointers are no move');
  answer = { status: 500 };
  await pointers.refresh();
  assert.deepEqual(pointers.live(), LIVE, 'the api down: the last known pointers stay');
  answer = { status: 200, body: { status: true, data: {} } };
  await pointers.refresh();
  assert.deepEqual(moved.at(-1), ['mfe-catalog'], 'a pointer gone is a move too');
  pointers.close();
});

test("a remote's server serves its released builds with a year's immutable cache, beside its own files", async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'remote-'));
  const store = mkdtempSync(path.join(tmpdir(), 'store-'));
  writeFileSync(path.join(root, 'remoteEntry.js'), 'current');
  mkdirSync(path.join(store, 'mfe-catalog', 'aaaaaaaaaaaa'), { recursive: true });
  writeFileSync(path.join(store, 'mfe-catalog', 'aaaaaaaaaaaa', 'remoteEntry.js'), 'released');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, cors: true, releases: { storeDir: store, appDir: 'mfe-catalog' } });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const released = await fetch(`${base}/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js`, { headers: { origin: 'http://localhost:3000' } });
    assert.equal(released.status, 200);
    assert.equal(await released.text(), 'released');
    assert.equal(released.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.ok(released.headers.get('access-control-allow-origin'), 'loaded cross-origin by the shell');
    const current = await fetch(`${base}/remoteEntry.js`);
    assert.equal(await current.text(), 'current');
    assert.equal(current.headers.get('cache-control'), 'no-cache');
    assert.equal((await fetch(`${base}/mfe-catalog/cccccccccccc/remoteEntry.js`)).status, 404);
    assert.equal((await fetch(`${base}/mfe-catalog/aaaaaaaaaaaa/../../../etc/passwd`)).status, 404);
  } finally {
    await app.close();
  }
});

test('while a canary runs, a browser without a bucket gets one with its page or /remotes.json (never with a file); none otherwise', async () => {
  const { assignBucket, requestBucket } = await import('./releases.mjs');
  const reply = () => ({ headers: {}, header(name, value) { this.headers[name] = value; return this; } });
  const ask = (url, cookie, live = LIVE) => {
    const request = { method: 'GET', url, headers: cookie ? { cookie } : {} };
    const r = reply();
    assignBucket(request, r, live, { random: () => 0.42 });
    return { bucket: requestBucket(request), cookie: r.headers['Set-Cookie'] };
  };
  assert.deepEqual(ask('/excursion/cities'), { bucket: 42, cookie: 'excursio_bucket=42; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly' });
  assert.deepEqual(ask('/remotes.json').bucket, 42);
  assert.deepEqual(ask('/excursion/cities', 'excursio_bucket=7'), { bucket: 7, cookie: undefined }, 'sticky: its own bucket');
  assert.deepEqual(ask('/main.1234abcd.js'), { bucket: null, cookie: undefined });
  assert.deepEqual(ask('/', undefined, { 'mfe-catalog': { ...LIVE['mfe-catalog'], canary: null } }), { bucket: null, cookie: undefined }, 'no canary: no cookie');
  assert.equal(requestBucket(undefined), null);
});

test('a preview link becomes a cookie and a clean address; the cookie carries its release while the api confirms it', async () => {
  const { applyPreview, createPreviewCheck, requestPreview, withPreview } = await import('./releases.mjs');
  const expires = new Date(Date.now() + 600_000).toISOString();
  const asked = [];
  const check = createPreviewCheck({
    apiUrl: 'http://api.invalid',
    fetchImpl: async (url) => {
      asked.push(url);
      return url.endsWith('token=good.sig')
        ? new Response(JSON.stringify({ status: true, data: { app: 'mfe-catalog', build_hash: 'cccccccccccc', expires_at: expires } }), { status: 200 })
        : new Response('{}', { status: 404 });
    },
  });
  const root = mkdtempSync(path.join(tmpdir(), 'preview-'));
  const app = await startStaticServer({
    closeDrainMs: 0,
    root,
    host: '127.0.0.1',
    port: 0,
    onRequest: (request, reply) => applyPreview(request, reply, check),
    runtimeFiles: { 'remotes.json': (request) => ({ preview: requestPreview(request) }) },
  });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const opened = await fetch(`${base}/excursion/cities?release_preview=good.sig&x=1`, { redirect: 'manual' });
    assert.equal(opened.status, 302);
    assert.equal(opened.headers.get('location'), '/excursion/cities?x=1');
    assert.match(opened.headers.get('set-cookie'), /^excursio_preview=good\.sig; Path=\/; Max-Age=(59\d|600); SameSite=Lax; HttpOnly$/);
    const withCookie = await (await fetch(`${base}/remotes.json`, { headers: { cookie: 'excursio_preview=good.sig' } })).json();
    assert.equal(withCookie.preview.build_hash, 'cccccccccccc');
    assert.equal(asked.length, 1, 'the answer is kept');
    const forged = await fetch(`${base}/remotes.json?release_preview=bad.sig`, { redirect: 'manual' });
    assert.equal(forged.status, 200, 'an invalid link is no preview');
    assert.deepEqual(await (await fetch(`${base}/remotes.json`, { headers: { cookie: 'excursio_preview=bad.sig' } })).json(), { preview: null });
  } finally {
    await app.close();
  }
  const live = withPreview(LIVE, { app: 'mfe-catalog', build_hash: 'cccccccccccc' });
  assert.equal(remotesJson(serverEnv({}), { live, bucket: 0 }).mfe_catalog, 'http://localhost:3001/mfe-catalog/cccccccccccc/remoteEntry.js', 'the preview, not the canary');
});
