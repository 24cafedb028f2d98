import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { excursions } from '../src/db/schema';
import { etagMatches, ResponseCache, weakEtag } from '../src/http/response-cache';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { createSlot, excursionIdOf, ORDER, orderBody, postOrder } from './orders-support';

const P = '/api/excursion/public';
const LIST = `${P}/excursions?city=moskva&sort=price_asc&per_page=24`;
const DETAIL = `${P}/excursion/moskva/moskva/tainy-zamoskvorechya`;
const CITIES = `${P}/excursion/cities`;
/** The fixture's title of tainy-zamoskvorechya. */
const TITLE = 'Экскурсия tainy-zamoskvorechya';

interface Slot {
  id: number;
  seats_left: number;
}

describe('response cache helpers', () => {
  it('compares ETags weakly, in lists and with *', () => {
    const tag = weakEtag('{"a":1}');
    assert.match(tag, /^W\/"[\w-]+"$/);
    assert.equal(weakEtag('{"a":1}'), tag);
    assert.notEqual(weakEtag('{"a":2}'), tag);
    assert.ok(etagMatches(tag, tag));
    assert.ok(etagMatches(tag.slice(2), tag)); // the strong form of the same tag
    assert.ok(etagMatches(`"other", ${tag}`, tag));
    assert.ok(etagMatches('*', tag));
    assert.ok(!etagMatches('"other"', tag));
    assert.ok(!etagMatches(undefined, tag));
  });

  it('shares one computation between concurrent misses and stores nothing that failed', async () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 10 });
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs++;
      await gate;
      return '{"ok":true}';
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get('k', [], compute)));
    release();
    const results = await all;
    assert.equal(runs, 1);
    assert.equal(results.filter((r) => r.status === 'MISS').length, 1);
    assert.equal(results.filter((r) => r.status === 'HIT').length, 19);
    assert.equal(cache.stats.misses, 1);
    await assert.rejects(cache.get('bad', [], async () => Promise.reject(new Error('boom'))), /boom/);
    assert.equal(cache.size, 1);
  });

  it('drops a computation invalidated while it runs: its waiters get it, the next request recomputes', async () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 10 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = cache.get('k', ['seats'], async () => {
      await gate;
      return '"old"';
    });
    cache.invalidate('seats');
    release();
    assert.equal((await first).entry.body.toString(), '"old"');
    const next = await cache.get('k', ['seats'], async () => '"new"');
    assert.deepEqual([next.status, next.entry.body.toString()], ['MISS', '"new"']);
  });
});

for (const kind of databaseKinds()) {
  describe(`catalog response cache [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const apps: App[] = [];
    after(async () => {
      for (const app of apps) await app.close();
    });

    const get = async (url: string, headers: Record<string, string> = {}, app: App = ctx.app) => {
      const response = await app.inject({ method: 'GET', url, headers });
      return {
        status: response.statusCode,
        cache: response.headers['x-cache'],
        etag: response.headers['etag'] as string | undefined,
        cacheControl: response.headers['cache-control'],
        text: response.body,
        body: response.body ? response.json() : null,
      };
    };
    /** A write behind the api's back (moderation tools, SQL): the api's cache does not know about it. */
    const setTitle = (slug: string, title: string) =>
      ctx.db.update(excursions).set({ title }).where(eq(excursions.slug, slug));

    it('serves a repeated request from memory, the same bytes with the same ETag', async () => {
      ctx.catalogCache.invalidate();
      for (const url of [CITIES, LIST, DETAIL]) {
        const first = await get(url);
        assert.equal(first.status, 200, url);
        assert.equal(first.cache, 'MISS', url);
        assert.equal(first.cacheControl, 'public, max-age=0, must-revalidate');
        assert.match(first.etag ?? '', /^W\/"/);
        assert.equal(first.body.status, true);
        const second = await get(url);
        assert.equal(second.cache, 'HIT', url);
        assert.equal(second.text, first.text, url);
        assert.equal(second.etag, first.etag, url);
      }
      // Answered from memory: a change made behind the api's back is not seen until the cache drops it.
      await setTitle('tainy-zamoskvorechya', 'Новое название');
      try {
        assert.equal((await get(DETAIL)).body.data.title, TITLE);
        ctx.catalogCache.invalidate();
        const fresh = await get(DETAIL);
        assert.equal(fresh.cache, 'MISS');
        assert.equal(fresh.body.data.title, 'Новое название');
      } finally {
        await setTitle('tainy-zamoskvorechya', TITLE);
        ctx.catalogCache.invalidate();
      }
    });

    it('keys by the validated query: order, defaults and unknown parameters do not matter', async () => {
      ctx.catalogCache.invalidate();
      assert.equal((await get(`${P}/excursions?city=moskva&sort=price_asc`)).cache, 'MISS');
      const same = await get(`${P}/excursions?sort=price_asc&utm_source=mail&per_page=24&city=moskva&page=1`);
      assert.equal(same.cache, 'HIT');
      const other = await get(`${P}/excursions?city=moskva&sort=price_desc`);
      assert.equal(other.cache, 'MISS');
      assert.notDeepEqual(
        other.body.data.data.map((c: { slug: string }) => c.slug),
        same.body.data.data.map((c: { slug: string }) => c.slug),
      );
    });

    it('answers If-None-Match with 304 and no body, from memory or not', async () => {
      const first = await get(LIST);
      const etag = first.etag!;
      const notModified = await get(LIST, { 'if-none-match': etag });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.text, '');
      assert.equal(notModified.etag, etag);
      assert.equal(notModified.cacheControl, 'public, max-age=0, must-revalidate');
      assert.equal((await get(LIST, { 'if-none-match': `"x", ${etag}` })).status, 304);
      const changed = await get(LIST, { 'if-none-match': 'W/"something-else"' });
      assert.equal(changed.status, 200);
      assert.equal(changed.text, first.text);
    });

    it('never caches errors: 404 and 422 keep their format', async () => {
      const url = `${P}/excursion/moskva/moskva/net-takoy`;
      for (let i = 0; i < 2; i++) {
        const missing = await get(url);
        assert.equal(missing.status, 404);
        assert.deepEqual(missing.body, { message: 'Not Found.', errors: {} });
        assert.equal(missing.cache, undefined);
        assert.equal(missing.etag, undefined);
      }
      const bad = await get(`${P}/excursions?per_page=500`);
      assert.equal(bad.status, 422);
      assert.ok(bad.body.errors.per_page);
      // Hidden behind the api's back, then the cache dropped: the page is gone, not served from memory.
      assert.equal((await get(DETAIL)).status, 200);
      await ctx.db.update(excursions).set({ status: 'hidden' }).where(eq(excursions.slug, 'tainy-zamoskvorechya'));
      try {
        ctx.catalogCache.invalidate();
        assert.equal((await get(DETAIL)).status, 404);
        assert.equal((await get(DETAIL)).status, 404);
      } finally {
        await ctx.db.update(excursions).set({ status: 'published' }).where(eq(excursions.slug, 'tainy-zamoskvorechya'));
        ctx.catalogCache.invalidate();
      }
    });

    it('shows seats left right after a booking and a cancellation; other pages stay cached', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, booked: 4 });
      ctx.catalogCache.invalidate(); // the slot was added behind the api's back
      const EVENTS = `${P}/excursions/${excursionId}/events`;
      const seatsLeft = async () => {
        const response = await get(EVENTS);
        assert.equal(response.status, 200);
        return { cache: response.cache, seats: (response.body.data as Slot[]).find((s) => s.id === slot)!.seats_left };
      };
      const detailUrl = `${P}/excursion/moskva/moskva/serdtse-stolitsy`;
      await get(detailUrl);
      assert.deepEqual(await seatsLeft(), { cache: 'MISS', seats: 8 });
      assert.deepEqual(await seatsLeft(), { cache: 'HIT', seats: 8 });

      const order = await postOrder(ctx, token, orderBody(excursionId, slot)); // 3 seats
      assert.equal(order.status, 201);
      assert.deepEqual(await seatsLeft(), { cache: 'MISS', seats: 5 });
      assert.equal((await get(detailUrl)).cache, 'HIT'); // shows no seats: kept

      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `${ORDER}/${order.body.data.id}/cancel`,
        headers: bearer(token),
      });
      assert.equal(cancel.statusCode, 200);
      assert.deepEqual(await seatsLeft(), { cache: 'MISS', seats: 8 });
    });

    it('expires entries after the TTL: a stale answer is served once while it refreshes', async () => {
      let clock = 1_000_000;
      const base = loadConfig({ APP_ENV: 'test', CATALOG_CACHE_TTL_S: '30' });
      const app = await buildApp({
        config: { ...base, catalogCache: { ...base.catalogCache, now: () => clock } },
        db: ctx.db,
        driver: kind,
        logger: false,
      });
      await app.ready();
      apps.push(app);
      assert.equal((await get(DETAIL, {}, app)).cache, 'MISS');
      clock += 29_000;
      assert.equal((await get(DETAIL, {}, app)).cache, 'HIT');
      await setTitle('tainy-zamoskvorechya', 'Название после TTL');
      try {
        clock += 2_000; // 31 s: expired
        const stale = await get(DETAIL, {}, app);
        assert.equal(stale.cache, 'STALE');
        assert.equal(stale.body.data.title, TITLE);
        // the refresh runs in the background; the next answers are fresh
        let fresh = await get(DETAIL, {}, app);
        for (let i = 0; i < 50 && fresh.cache !== 'HIT'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          fresh = await get(DETAIL, {}, app);
        }
        assert.equal(fresh.cache, 'HIT');
        assert.equal(fresh.body.data.title, 'Название после TTL');
        clock += 61_000; // past twice the TTL: gone, computed again while the client waits
        assert.equal((await get(DETAIL, {}, app)).cache, 'MISS');
      } finally {
        await setTitle('tainy-zamoskvorechya', TITLE);
        ctx.catalogCache.invalidate();
      }
    });

    it('is off with CATALOG_CACHE_TTL_S=0: every answer computed, ETag and 304 still work', async () => {
      const { app, catalogCache } = await ctx.variant({ CATALOG_CACHE_TTL_S: '0' });
      const first = await get(DETAIL, {}, app);
      assert.equal(first.cache, 'BYPASS');
      assert.equal((await get(DETAIL, {}, app)).cache, 'BYPASS');
      assert.equal(catalogCache.enabled, false);
      assert.equal(catalogCache.size, 0);
      await setTitle('tainy-zamoskvorechya', 'Название без кэша');
      try {
        assert.equal((await get(DETAIL, {}, app)).body.data.title, 'Название без кэша');
      } finally {
        await setTitle('tainy-zamoskvorechya', TITLE);
        ctx.catalogCache.invalidate();
      }
      const again = await get(DETAIL, {}, app);
      assert.equal(again.etag, first.etag);
      assert.equal((await get(DETAIL, { 'if-none-match': first.etag! }, app)).status, 304);
    });

    it('never caches what depends on the signed-in user', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const favorites = await ctx.app.inject({ method: 'GET', url: '/api/excursion/user/favorite', headers: bearer(token) });
      assert.equal(favorites.statusCode, 200);
      assert.equal(favorites.headers['x-cache'], undefined);
      assert.equal(favorites.headers['etag'], undefined);
    });
  });
}
