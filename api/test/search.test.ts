// Search (issue 31): the relevance set on the seeded catalog, the results page's answer (destinations, marked words,
// the corrected query, facets, the empty state), suggestions, and the index following the catalog's writes at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { SearchResponse, type SearchQuery } from '@excursio/shared/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { cities, events, excursions, searchSynonymGroups, searchSynonyms, sights } from '../src/db/schema';
import { search } from '../src/features/search/engine';
import { resultsJson } from '../src/features/search/routes';
import { suggest } from '../src/features/search/suggest';
import { buildNames, namesIndexOf, type NamesIndex } from '../src/features/search/names';
import { compiledOf, factsCountersOf, factsOf } from '../src/features/search/results';
import { matches, tsRank } from '../src/features/search/tsvector';
import { understand } from '../src/features/search/understand';
import type { Database } from '../src/db/client';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { RELEVANCE, type Expected } from './fixtures/search-relevance';

const P = '/api/excursion/public';

interface Place { kind: string; slug: string; name: string; path: string }
interface Hit { slug: string; title: string; title_parts: { text: string; match: boolean }[]; snippet_parts: { text: string; match: boolean }[] }
interface Results {
  query: { text: string; corrected: string | null };
  destinations: Place[];
  excursions: { data: Hit[]; total: number; current_page: number };
  facets: {
    cities: { slug: string; region_slug: string; name: string; count: number }[];
    formats: { value: string; count: number }[];
    durations: { min: number; max: number | null; count: number }[];
    prices: { min: number; max: number | null; count: number }[];
  };
  nearest: Place[];
}

/** The results as a ranked list of `kind:slug`: the destinations, then the excursions. */
const ranked = (r: Results): Expected[] => [
  ...r.destinations.map((d) => `${d.kind}:${d.slug}` as Expected),
  ...r.excursions.data.map((e) => `excursion:${e.slug}` as Expected),
];
/** An index of names as plain values: its docs by key with their lexemes, and its cards. */
const contentOf = (index: NamesIndex) => ({
  docs: Object.fromEntries(
    [...index.slots].map(([key, slot]) => {
      const d = index.docs[slot]!;
      return [key, { name: d.name, exact: [...d.exact].sort(), weights: [...d.weights].sort(), around: d.around && [...d.around].sort(), tie: d.tie }];
    }),
  ),
  postings: Object.fromEntries([...index.postings].map(([l, slots]) => [l, [...slots].map((s) => `${index.docs[s]!.kind}:${index.docs[s]!.id}`).sort()]).sort()),
  excursions: Object.fromEntries([...index.excursions].sort(([a], [b]) => a - b)),
  places: Object.fromEntries([...index.places].sort()),
  cities: Object.fromEntries([...index.cities].sort(([a], [b]) => a - b)),
});
const marked = (hit: Hit) => hit.title_parts.filter((p) => p.match).map((p) => p.text);

for (const kind of databaseKinds()) {
  describe(`search [${kind}]`, () => {
    const ctx = useTestApp(kind, { seed: 'full' });
    const find = async (q: string, extra = '') => {
      const response = await ctx.app.inject({ method: 'GET', url: `${P}/search?q=${encodeURIComponent(q)}${extra}` });
      assert.equal(response.statusCode, 200, `${q}: ${response.body.slice(0, 300)}`);
      return response.json().data as Results;
    };

    it(`finds what travellers mean: ≥ 95 % of the ${RELEVANCE.length} queries of the relevance set in the top 3`, { timeout: 300_000 }, async () => {
      assert.ok(RELEVANCE.length >= 60);
      const misses: string[] = [];
      for (const c of RELEVANCE) {
        const top = ranked(await find(c.q)).slice(0, 3);
        if (!top.includes(c.expect)) misses.push(`${c.what} «${c.q}»: want ${c.expect}, got ${top.join(', ') || 'nothing'}`);
      }
      const share = (RELEVANCE.length - misses.length) / RELEVANCE.length;
      console.log(`relevance [${kind}]: ${RELEVANCE.length - misses.length}/${RELEVANCE.length} in the top 3${misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''}`);
      assert.ok(share >= 0.95, `only ${(share * 100).toFixed(1)} % in the top 3:\n${misses.join('\n')}`);
    });

    it('matches and ranks in memory as the database does: @@ and ts_rank of every relevance query, all words and any', { timeout: 300_000 }, async () => {
      let compared = 0;
      for (const c of RELEVANCE) {
        const u = await understand(ctx.db, c.q);
        if (!u.all) continue;
        const [compiled, index] = await Promise.all([compiledOf(ctx.db, u), namesIndexOf(ctx.db, u.version)]);
        for (const all of [true, false]) {
          const tsquery = all ? u.all : u.any;
          const rows = (await ctx.db.execute(sql`select ref_id as id, ts_rank('{0.05, 0.2, 0.4, 1}', tsv, to_tsquery('russian', ${tsquery}))::float8 as rank
            from search_documents where kind = 'excursion' and tsv @@ to_tsquery('russian', ${tsquery}) order by ref_id`)) as unknown as { rows: { id: number; rank: number }[] };
          const mine = index.docs
            .filter((d) => d?.kind === 'excursion' && d.vector && matches(d.vector, compiled, all))
            .map((d) => ({ id: d!.id, rank: tsRank(d!.vector!, compiled, all) }))
            .sort((a, b) => a.id - b.id);
          assert.deepEqual(mine, rows.rows.map((r) => ({ id: r.id, rank: Number(r.rank) })), `«${c.q}» (${tsquery})`);
          compared += mine.length;
        }
      }
      assert.ok(compared > 500, `only ${compared} matches compared`);
    });

    it('offers a city that matches above its excursions and marks the matched word forms in titles', async () => {
      const r = await find('экскурсии по казани');
      assert.equal(r.destinations[0]?.kind, 'city');
      assert.equal(r.destinations[0]?.slug, 'kazan');
      assert.equal(r.destinations[0]?.path, '/excursion/tatarstan/kazan');
      assert.equal(r.query.corrected, null);
      assert.ok(r.excursions.total >= 10);
      // «казани» marks «Казань», «Казани», never a stop word («экскурсия», «по»)
      for (const hit of r.excursions.data.filter((h) => /Казан[ьи]/.test(h.title))) {
        assert.deepEqual([...new Set(marked(hit))].every((w) => /^Казан[ьи]$/.test(w)), true, JSON.stringify(hit.title_parts));
        assert.equal(hit.title_parts.map((p) => p.text).join(''), hit.title);
      }
      assert.ok(r.excursions.data.some((h) => marked(h).length > 0));
    });

    it('says which query the results are for when it read another layout or corrected a typo', async () => {
      assert.equal((await find('rfpfym')).query.corrected, 'казань');
      const typo = await find('эрмитж');
      assert.equal(typo.query.corrected, 'эрмитаж');
      assert.ok(typo.excursions.data.slice(0, 3).every((h) => marked(h).includes('Эрмитаж')));
      assert.equal((await find('Эрмитаж')).query.corrected, null);
    });

    it('ranks the exact title first, keeps ё = е, and marks ё words in the original spelling', async () => {
      const r = await find('ремесла и мастерские гарни');
      assert.equal(r.excursions.data[0]?.slug, 'remesla-i-masterskie-garni');
      assert.deepEqual(marked(r.excursions.data[0]!), ['Ремёсла', 'мастерские', 'Гарни']);
    });

    it('counts the matches by city, format, duration and price band, within the chosen filters', async () => {
      const all = await find('Питер');
      const spb = all.facets.cities.find((c) => c.slug === 'sankt-peterburg');
      assert.ok(spb && spb.count > 10);
      assert.equal(spb.region_slug, 'leningradskaya-oblast');
      const formats = all.facets.formats.reduce((sum, f) => sum + f.count, 0);
      assert.equal(formats, all.excursions.total);
      assert.equal(all.facets.prices.reduce((sum, b) => sum + b.count, 0), all.excursions.total);
      for (const band of all.facets.durations) {
        const narrowed = await find('Питер', `&duration_min=${band.min}${band.max === null ? '' : `&duration_max=${band.max}`}`);
        assert.equal(narrowed.excursions.total, band.count, JSON.stringify(band));
      }
      const individual = all.facets.formats.find((f) => f.value === 'individual')!;
      const narrowed = await find('Питер', '&format=individual');
      assert.equal(narrowed.excursions.total, individual.count);
      assert.deepEqual(narrowed.facets.formats, [{ value: 'individual', count: individual.count }]);
      const band = all.facets.prices[0]!;
      const cheap = await find('Питер', `&price_min=${band.min}${band.max === null ? '' : `&price_max=${band.max}`}`);
      assert.equal(cheap.excursions.total, band.count);
    });

    it('answers nothing found with the nearest destinations, and never fails on odd text', async () => {
      const none = await find('Париж Лувр');
      assert.equal(none.excursions.total, 0);
      assert.equal(none.nearest.length, 4);
      const near = await find('Самарканда Лувр ыыыы');
      assert.ok(near.excursions.total > 0, 'any of the words when not all match');
      for (const q of ['!!!', 'a & | !', "'; drop table excursions; --", 'казань <-> !москва:*', 'x'.repeat(10_000), 'Kазань', '٣٣٣ 😀']) {
        const r = await find(q);
        assert.ok(Array.isArray(r.excursions.data), q.slice(0, 40));
      }
      const nul = await ctx.app.inject({ method: 'GET', url: `${P}/search?q=a%00b` });
      assert.equal(nul.statusCode, 422);
    });

    it('writes the answer as the response schema\'s serialiser would (JSON.stringify on a payload built to it)', async () => {
      // the schema's serialiser as fastify compiles it for a route (fast-json-stringify): keys in the schema's order,
      // only the schema's keys, integers as integers
      const echo = Fastify();
      let payload: unknown = null;
      echo.get('/', { schema: { response: { 200: SearchResponse } } }, async () => payload);
      const now = new Date();
      const variants: SearchQuery[] = [
        ...RELEVANCE.map(({ q }) => ({ q })),
        { q: 'Москва', sort: 'price_asc', per_page: 48 },
        { q: 'Москва', page: 2, per_page: 5 },
        { q: 'казань', format: 'group', price_max: 5000, duration_min: 120, rating_min: 4 },
        { q: 'Париж Лувр' },
        { q: 'Самарканда Лувр ыыыы' },
        { q: '٣٣٣ 😀' },
      ];
      for (const query of variants) {
        payload = { status: true, data: await search(ctx.db, query, now) };
        const schemaText = (await echo.inject({ method: 'GET', url: '/' })).body;
        assert.equal(resultsJson(payload), schemaText, JSON.stringify(query));
      }
      await echo.close();
    });

    it('pages the excursions and sorts them on request', async () => {
      const first = await find('Москва', '&per_page=5');
      const second = await find('Москва', '&per_page=5&page=2');
      assert.equal(second.excursions.current_page, 2);
      assert.equal(second.destinations.length, 0, 'destinations are on the first page only');
      assert.deepEqual(new Set([...first.excursions.data, ...second.excursions.data].map((h) => h.slug)).size, 10);
      const cheap = await find('Москва', '&sort=price_asc&per_page=48');
      const prices = cheap.excursions.data.map((h) => (h as unknown as { price: number }).price);
      assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
      const past = await find('Москва', '&page=999');
      assert.equal(past.excursions.data.length, 0);
      assert.equal(past.excursions.total, first.excursions.total);
    });

    it('suggests destinations and excursions for the word being typed', async () => {
      const typing = await ctx.app.inject({ method: 'GET', url: `${P}/search/suggest?q=${encodeURIComponent('эрми')}` });
      assert.equal(typing.statusCode, 200);
      const data = typing.json().data;
      assert.equal(data.places.find((p: Place) => p.slug === 'ermitazh')?.path, '/excursion/sight/ermitazh', JSON.stringify(data.places));
      assert.ok(data.excursions.length > 0);
      const city = await suggest(ctx.db, 'казан', 5);
      assert.equal(city.cities[0]?.slug, 'kazan');
      const layout = await suggest(ctx.db, 'rfpfym', 5);
      assert.equal(layout.corrected, 'казань');
      assert.equal(layout.cities[0]?.slug, 'kazan');
    });

    it('follows the catalog at once: a renamed city, a new synonym, an unpublished and a published excursion', async () => {
      const now = new Date();
      const q = (text: string) => search(ctx.db, { q: text }, now);
      await ctx.db.update(cities).set({ name: 'Казань-на-Волге' }).where(eq(cities.slug, 'kazan'));
      const renamed = await q('Казань-на-Волге');
      assert.equal(renamed.destinations[0]?.slug, 'kazan');
      assert.ok(renamed.excursions.data.length > 0);
      await ctx.db.update(sights).set({ name: 'Государственный Эрмитаж' }).where(eq(sights.slug, 'ermitazh'));
      assert.equal((await q('государственный')).destinations[0]?.slug, 'ermitazh');

      const [group] = await ctx.db.insert(searchSynonymGroups).values({ expansion: 'казань' }).returning();
      await ctx.db.insert(searchSynonyms).values({ term: 'казанка', expansion: 'казань', groupId: group!.id });
      assert.ok((await q('казанка')).excursions.total > 0);

      const [hidden] = await ctx.db
        .update(excursions)
        .set({ status: 'hidden' })
        .where(eq(excursions.slug, 'tatarskaya-kuhnya-chak-chak-echpochmak-i-chay'))
        .returning();
      assert.equal((await q('чак-чак')).excursions.total, 0);
      await ctx.db.update(excursions).set({ status: 'published', title: 'Эчпочмак и чак-чак: татарская кухня' }).where(eq(excursions.id, hidden!.id));
      const back = await q('эчпочмак');
      assert.equal(back.excursions.data[0]?.title, 'Эчпочмак и чак-чак: татарская кухня');

      const counts = (await ctx.db.execute(sql`select count(*)::int as n from search_documents where kind = 'excursion'`)) as unknown as { rows: { n: number }[] };
      const published = await ctx.db.$count(excursions, eq(excursions.status, 'published'));
      assert.equal(counts.rows[0]!.n, published);
    });

    it('answers alike in two processes: an edit through one is in the other\'s next search at once', async () => {
      // its own indexes and facts in memory, as another api process on the same database has
      const other = Object.create(ctx.db) as Database;
      const now = new Date();
      const slug = 'tatarskaya-kuhnya-chak-chak-echpochmak-i-chay';
      assert.ok((await search(other, { q: 'чак-чак' }, now)).excursions.total > 0);
      // a text edit (search_changes, in the writing transaction)
      await ctx.db.update(excursions).set({ title: 'Чак-чак, эчпочмак и самовар' }).where(eq(excursions.slug, slug));
      const renamed = await search(other, { q: 'чак-чак и самовар' }, now);
      assert.equal(renamed.excursions.data[0]?.title, 'Чак-чак, эчпочмак и самовар');
      // a price: once the catalog's version moved (every write through the api moves it: catalog/version.ts)
      await ctx.db.update(excursions).set({ price: 123_456 }).where(eq(excursions.slug, slug));
      await ctx.db.execute(sql`select nextval('catalog_version')`);
      const counted = factsCountersOf(other);
      const loads = counted.loads;
      const priced = await search(other, { q: 'чак-чак и самовар', price_min: 100_000 }, now);
      assert.equal(priced.excursions.data[0]?.price, 123_456);
      assert.deepEqual(priced, await search(ctx.db, { q: 'чак-чак и самовар', price_min: 100_000 }, now));
      assert.equal(counted.loads, loads, 'the price read again for its excursion alone, not every fact');
    });

    it('moves the index of names on by the documents each edit wrote: the same as building it whole', async () => {
      const version = async () =>
        Number(((await ctx.db.execute(sql`select version from search_state`)) as unknown as { rows: { version: string }[] }).rows[0]!.version);
      const kept = await namesIndexOf(ctx.db, await version());
      const [excursion] = await ctx.db.select().from(excursions).where(eq(excursions.slug, 'moskva-za-odin-den'));
      // an excursion hidden, another moved to another city, a sight renamed, a city renamed
      await ctx.db.update(excursions).set({ status: 'hidden' }).where(eq(excursions.id, excursion!.id));
      const [kazan] = await ctx.db.select().from(cities).where(eq(cities.slug, 'kazan'));
      await ctx.db.update(excursions).set({ cityId: kazan!.id }).where(eq(excursions.slug, 'nochnaya-moskva-na-avtomobile'));
      await ctx.db.update(sights).set({ name: 'Зимний дворец Эрмитаж' }).where(eq(sights.slug, 'ermitazh'));
      await ctx.db.update(cities).set({ name: 'Москва-столица' }).where(eq(cities.slug, 'moskva'));
      const now = await version();
      const moved = await namesIndexOf(ctx.db, now);
      assert.equal(moved, kept, 'moved on, not built again');
      assert.equal(moved.version >= now, true);
      assert.deepEqual(contentOf(moved), contentOf(await buildNames(ctx.db, now)));
      assert.equal((await suggest(ctx.db, 'москва-сто', 5)).cities[0]?.slug, 'moskva');
      // published again: back in the suggestions and in its city's count
      await ctx.db.update(excursions).set({ status: 'published' }).where(eq(excursions.id, excursion!.id));
      const back = await namesIndexOf(ctx.db, await version());
      assert.equal(back, kept);
      assert.deepEqual(contentOf(back), contentOf(await buildNames(ctx.db, await version())));
    });

    it('reads again only the facts a booking changed: the other process\'s next search, without reading them all', async () => {
      const other = Object.create(ctx.db) as Database;
      const slug = 'tatarskaya-kuhnya-chak-chak-echpochmak-i-chay';
      assert.ok((await search(other, { q: 'чак-чак' }, new Date())).excursions.total > 0);
      const counted = factsCountersOf(other);
      // a booking through one process (the api) takes the last seats of the excursion's only slot soon: the other's
      // next search reads that excursion's facts again (catalog_changes, in the booking's transaction), not all of them
      const excursionId = (await ctx.db.select({ id: excursions.id }).from(excursions).where(eq(excursions.slug, slug)))[0]!.id;
      await ctx.db
        .update(events)
        .set({ status: 'cancelled' })
        .where(and(eq(events.excursionId, excursionId), eq(events.status, 'active'), lt(events.startsAt, new Date(Date.now() + 15 * 24 * 3_600_000))));
      const [slot] = await ctx.db
        .insert(events)
        .values({ excursionId, startsAt: new Date(Date.now() + 3 * 24 * 3_600_000), capacity: 1, bookedSeats: 0 })
        .returning();
      await ctx.db.execute(sql`select nextval('catalog_version')`);
      const free = async () => {
        const u = await understand(other, 'чак-чак и самовар');
        return (await factsOf(other, u.version, u.catalog, Date.now())).byId.get(excursionId)!.free;
      };
      assert.deepEqual(await free(), [slot!.startsAt.getTime()]);
      const booked = await ctx.app.inject({
        method: 'POST',
        url: '/api/excursion/user/order',
        headers: { authorization: `Bearer ${await ctx.tokenFor(CUSTOMER_PHONE)}` },
        payload: {
          excursion_id: excursionId,
          event_id: slot!.id,
          participants: [{ code: 'adult', count: 1 }],
          contact_name: 'Анна Смирнова',
          contact_phone: '+7 (999) 123-45-67',
        },
      });
      assert.equal(booked.statusCode, 201, booked.body);
      await ctx.db.execute(sql`select nextval('catalog_version')`);
      const before = { ...counted };
      assert.deepEqual(await free(), [], 'no free seats soon any more');
      assert.equal(counted.loads, before.loads, 'not read whole');
      assert.equal(counted.catalogPatches, before.catalogPatches + 1);
      const now = new Date();
      assert.deepEqual(await search(other, { q: 'чак-чак' }, now), await search(ctx.db, { q: 'чак-чак' }, now));
      assert.equal(counted.loads, before.loads);
      // the suggestions' tie-breaker (seats soon) too: the other's index of names as a whole build would be
      const u = await understand(other, 'чак');
      const kept = await namesIndexOf(other, u.version, u.catalog);
      assert.equal(kept.catalog >= u.catalog, true);
      assert.deepEqual(contentOf(kept), contentOf(await buildNames(ctx.db, u.version)));
    });
  });
}
