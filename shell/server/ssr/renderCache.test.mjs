// node --test: the rendered-page cache's rules (issue 30 §1) — keyed by the catalog version, stale while re-rendered,
// one rendering for concurrent requests, the last version's page while the api is down, compression made once.
import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createRenderCache, encodePage, pickEncoding } from './renderCache.mjs';

/** A cache on a hand-moved clock and version, and a page producer counting its renders. */
function setup(options = {}) {
  let clock = 0;
  let version = '1';
  let versionDown = false;
  const cache = createRenderCache({
    now: () => clock,
    freshMs: 30_000,
    versionMaxAgeMs: 0,
    fetchVersion: async () => {
      if (versionDown) throw new Error('api down');
      return version;
    },
    ...options,
  });
  let renders = 0;
  const produce = (html = 'page', extra = {}) => async () => {
    renders += 1;
    return { value: { html }, page: { ...(await encodePage(html)), status: 200, build: 'b1' }, store: true, ...extra };
  };
  return {
    cache,
    produce,
    renders: () => renders,
    tick: (ms) => (clock += ms),
    setVersion: (v) => (version = v),
    setDown: (down) => (versionDown = down),
  };
}
const parts = (url = '/excursion/moskva', build = 'b1') => ({ build, url, audience: 'person' });

test('a page is rendered once for its version, then served from memory; a new catalog version renders it again', async () => {
  const t = setup();
  assert.equal((await t.cache.get(parts(), t.produce('v1'))).state, 'miss');
  const hit = await t.cache.get(parts(), t.produce('never'));
  assert.equal(hit.state, 'hit');
  assert.equal(hit.page.identity.toString(), 'v1');
  assert.equal(t.renders(), 1);
  t.setVersion('2'); // a partner changed a price
  const after = await t.cache.get(parts(), t.produce('v2'));
  assert.deepEqual([after.state, after.page.identity.toString()], ['miss', 'v2']);
  // another address, another build, a robot: each its own page
  assert.equal((await t.cache.get(parts('/excursion/kazan'), t.produce())).state, 'miss');
  assert.equal((await t.cache.get(parts('/excursion/moskva', 'b2'), t.produce())).state, 'miss');
  assert.equal((await t.cache.get({ ...parts(), audience: 'robot' }, t.produce())).state, 'miss');
  assert.equal(t.renders(), 5);
});

test('past its fresh time a page is served once more while one request renders it again', async () => {
  const t = setup();
  await t.cache.get(parts(), t.produce('old'));
  t.tick(30_001);
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const slow = async () => {
    await gate;
    return t.produce('new')();
  };
  const first = await t.cache.get(parts(), slow);
  const second = await t.cache.get(parts(), slow);
  assert.deepEqual([first.state, first.page.identity.toString()], ['stale', 'old']);
  assert.equal(second.state, 'stale');
  release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(t.renders(), 2, 'the first rendering, and one re-render for both requests');
  const next = await t.cache.get(parts(), t.produce('never'));
  assert.deepEqual([next.state, next.page.identity.toString()], ['hit', 'new']);
});

test('concurrent requests for a page not kept wait for one rendering; what is not a page to keep is not kept', async () => {
  const t = setup();
  const results = await Promise.all(Array.from({ length: 10 }, () => t.cache.get(parts(), t.produce('once'))));
  assert.equal(t.renders(), 1);
  assert.ok(results.every((r) => r.state === 'miss' && r.page.identity.toString() === 'once'));

  let fallbacks = 0;
  const fallback = async () => {
    fallbacks += 1;
    return { value: null, store: false };
  };
  assert.equal((await t.cache.get(parts('/down'), fallback)).value, null);
  assert.equal((await t.cache.get(parts('/down'), fallback)).state, 'miss');
  assert.equal(fallbacks, 2, 'a failed rendering is tried again by the next request');
});

test('an address that now redirects drops its kept page at the re-render; a failed re-render keeps it', async () => {
  const t = setup();
  await t.cache.get(parts(), t.produce('page'));
  t.tick(30_001);
  await t.cache.get(parts(), async () => ({ value: null, store: false })); // stale; the re-render failed
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal((await t.cache.get(parts(), async () => ({ value: { kind: 'redirect' }, store: false, rendered: true }))).state, 'stale');
  await new Promise((resolve) => setTimeout(resolve, 20));
  const moved = await t.cache.get(parts(), async () => ({ value: { kind: 'redirect' }, store: false, rendered: true }));
  assert.equal(moved.state, 'miss');
  assert.deepEqual(moved.value, { kind: 'redirect' });
});

test('while the api does not answer its version, the last version’s page is served as stale; nothing new is kept', async () => {
  const t = setup();
  await t.cache.get(parts(), t.produce('kept'));
  t.setDown(true);
  const down = await t.cache.get(parts(), t.produce('never'));
  assert.deepEqual([down.state, down.page.identity.toString()], ['stale', 'kept']);
  const other = await t.cache.get(parts('/excursion/kazan'), t.produce('rendered'));
  assert.equal(other.state, 'bypass');
  t.setDown(false);
  assert.equal((await t.cache.get(parts('/excursion/kazan'), t.produce())).state, 'miss', 'it was not kept');
  // no warm render generation (no build): nothing is kept
  assert.equal((await t.cache.get(parts('/x', null), t.produce())).state, 'bypass');
  assert.equal((await t.cache.get(parts('/x', null), t.produce())).state, 'bypass');
});

test('the version is asked for at most once per its max age, whatever the traffic', async () => {
  let asked = 0;
  let clock = 0;
  const cache = createRenderCache({ now: () => clock, versionMaxAgeMs: 100, fetchVersion: async () => String(++asked) });
  const produce = async () => ({ value: 1, page: { ...(await encodePage('x')), status: 200, build: 'b' }, store: true });
  await Promise.all(Array.from({ length: 20 }, () => cache.get(parts(), produce)));
  assert.equal(asked, 1);
  clock += 101;
  await cache.get(parts(), produce);
  assert.equal(asked, 2);
});

test('pages are kept compressed once, both ways; the encoding follows Accept-Encoding', async () => {
  const html = '<p>Экскурсии по Казани</p>'.repeat(200);
  const page = await encodePage(html);
  assert.equal(zlib.brotliDecompressSync(page.br).toString(), html);
  assert.equal(zlib.gunzipSync(page.gzip).toString(), html);
  assert.match(page.etag, /^"[\w-]+"$/);
  assert.equal((await encodePage(html)).etag, page.etag);
  assert.equal(pickEncoding('gzip, deflate, br'), 'br');
  assert.equal(pickEncoding('gzip'), 'gzip');
  assert.equal(pickEncoding('br;q=0, gzip;q=0.5'), 'gzip');
  assert.equal(pickEncoding(''), 'identity');
  assert.equal(pickEncoding('*'), 'br');
  assert.equal(pickEncoding('identity'), 'identity');
});
