// The search index's build time (issue 31): the seeded catalog, and the same catalog grown 100× (every published
// excursion copied 99 times with its sights and tags), rebuilt with search_rebuild() (migration 0022_search); on the
// grown catalog also the time of the results page's search for the relevance set's queries, one at a time.
// The first search after a rebuild (the vocabulary and the index of names loaded in memory) is timed on its own, and
// the suggestions for the same queries cut after 2, 4 and 6 letters; then the first search and suggestion after a
// catalog edit (the index of names moved on by what the edit wrote), and the first search after a booking and after a
// title edit (the facts of the excursions they changed read again: catalog_changes).
//   npm run bench:search-index -w api [-- --scale 100 --json]        (PGlite in memory; with DATABASE_URL, also PostgreSQL)
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { seedDatabase } from '../src/db/seed/index';
import { search } from '../src/features/search/engine';
import { factsCountersOf, factsOf } from '../src/features/search/results';
import { suggest } from '../src/features/search/suggest';
import { createTestDatabase, databaseKinds } from '../test/helpers/database';
import { RELEVANCE } from '../test/fixtures/search-relevance';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '100' }, json: { type: 'boolean', default: false } } });
const scale = Math.max(1, Number(values.scale));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = async (db: Database, text: string) => Number(rowsOf<{ n: number }>(await db.execute(sql.raw(text)))[0]!.n);

async function rebuild(db: Database) {
  const started = performance.now();
  await db.execute(sql`select search_rebuild()`);
  const ms = performance.now() - started;
  return {
    ms: Math.round(ms),
    documents: await count(db, 'select count(*)::int as n from search_documents'),
    excursions: await count(db, `select count(*)::int as n from search_documents where kind = 'excursion'`),
    terms: await count(db, 'select count(*)::int as n from search_terms'),
  };
}

/** Every published excursion copied `times` more times (slug `…-xN`), with its sights and tags; the index waits. */
async function grow(db: Database, times: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('search.defer', 'on', true)`);
    await tx.execute(sql`
      insert into excursions (partner_id, guide_id, city_id, slug, title, description, programme, languages, duration_minutes,
        meeting_point, format, price_type, price, group_size_max, rating, reviews_count, popularity, status, published_at)
      select e.partner_id, e.guide_id, e.city_id, e.slug || '-x' || g, e.title, e.description, e.programme, e.languages,
        e.duration_minutes, e.meeting_point, e.format, e.price_type, e.price, e.group_size_max, e.rating, e.reviews_count,
        e.popularity, e.status, e.published_at
      from excursions e cross join generate_series(1, ${times}) g where e.status = 'published'`);
    for (const [table, column] of [['excursion_sights', 'sight_id'], ['excursion_tags', 'tag_id']] as const) {
      await tx.execute(sql.raw(`
        insert into ${table} (excursion_id, ${column})
        select c.id, l.${column} from ${table} l
        join excursions o on o.id = l.excursion_id and o.slug !~ '-x[0-9]+$'
        join excursions c on c.city_id = o.city_id and c.slug ~ ('^' || o.slug || '-x[0-9]+$')`));
    }
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function queries(db: Database) {
  const times: number[] = [];
  const now = new Date();
  // the first search also loads the vocabulary and the index of names (once per index version): timed on its own
  const warm = performance.now();
  await search(db, { q: RELEVANCE[0]!.q }, now);
  const firstMs = Math.round(performance.now() - warm);
  for (const c of RELEVANCE) {
    const started = performance.now();
    await search(db, { q: c.q }, now);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const typed: number[] = [];
  for (const c of RELEVANCE) {
    for (const n of [2, 4, 6]) {
      if (c.q.length < n) continue;
      const started = performance.now();
      await suggest(db, c.q.slice(0, n), 5);
      typed.push(performance.now() - started);
    }
  }
  typed.sort((a, b) => a - b);
  return {
    queries: times.length,
    firstMs,
    p50Ms: Math.round(quantile(times, 0.5)),
    p99Ms: Math.round(quantile(times, 0.99)),
    suggest: { prefixes: typed.length, p50Ms: Math.round(quantile(typed, 0.5) * 10) / 10, p99Ms: Math.round(quantile(typed, 0.99) * 10) / 10 },
  };
}

/**
 * The first search after a booking and after a title edit, and the first search and suggestion after a catalog edit (an
 * excursion hidden, a city renamed): the in-memory index of names and the facts move on by what the edit wrote
 * (search_changes, catalog_changes) instead of being read whole.
 */
async function afterEdit(db: Database) {
  const now = new Date();
  const timed = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return Math.round(performance.now() - started);
  };
  const counters = factsCountersOf(db);
  const loads = counters.loads;
  // a booking: a slot's seats (catalog_changes) and the catalog's version moved, as the api moves it after the write
  await db.execute(sql`update events set booked_seats = booked_seats + 1
    where id = (select min(id) from events where status = 'active' and booked_seats < capacity and starts_at > now())`);
  await db.execute(sql`select nextval('catalog_version')`);
  const bookingMs = await timed(() => search(db, { q: RELEVANCE[3]!.q }, now));
  // a title edited (search_changes and catalog_changes)
  await db.execute(sql`update excursions set title = title || ' и не только' where id = (select max(id) from excursions where status = 'published')`);
  await db.execute(sql`select nextval('catalog_version')`);
  const titleMs = await timed(() => search(db, { q: RELEVANCE[4]!.q }, now));
  await db.execute(sql`update excursions set status = 'hidden' where id = (select min(id) from excursions where status = 'published')`);
  const searchMs = await timed(() => search(db, { q: RELEVANCE[1]!.q }, now));
  await db.execute(sql`update cities set name = name || ' (бенч)' where id = (select min(id) from cities)`);
  const suggestMs = await timed(() => suggest(db, RELEVANCE[2]!.q.slice(0, 4), 5));
  const readWhole = counters.loads - loads;
  // what every booking cost before catalog_changes: the facts of every published excursion read again
  const wholeFactsMs = await timed(() => factsOf(Object.create(db) as Database, 0, 0, Date.now()));
  return { firstSearchMs: searchMs, firstSuggestMs: suggestMs, afterBookingMs: bookingMs, afterTitleMs: titleMs, factsReadWhole: readWhole, wholeFactsMs };
}

const out: Record<string, unknown> = {};
for (const kind of databaseKinds()) {
  const { handle, dispose } = await createTestDatabase(kind);
  try {
    const db = handle.db;
    await seedDatabase(db);
    await db.execute(sql`analyze`);
    const seeded = await rebuild(db);
    const seededQueries = await queries(db);
    await grow(db, scale - 1);
    await db.execute(sql`analyze`);
    const grown = await rebuild(db);
    await db.execute(sql`analyze`);
    const grownQueries = await queries(db);
    const edited = await afterEdit(db);
    out[kind] = { seeded: { ...seeded, search: seededQueries }, [`x${scale}`]: { ...grown, search: grownQueries, afterEdit: edited } };
    if (!values.json) console.log(`${kind}: seeded ${JSON.stringify(out[kind])}`);
  } finally {
    await dispose();
  }
}
if (values.json) console.log(JSON.stringify(out));
