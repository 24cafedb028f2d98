import type { ExcursionCard, FacetBand, SearchFacets, SearchQuery } from '@excursio/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, events, excursions, regions } from '../../db/schema';
import { offsetOf, type PageRequest } from '../../http/pagination';
import { cardColumns, isPublished, toCards } from '../catalog/cards';
import { listFilters } from '../excursions/list';
import { catalogChangesSince, snapshotNow } from './catalog-changes';
import { byCodePoint, partsKnown, probe, type WordParts } from './lexicon';
import { textDocsOf, type NamesIndex } from './names';
import { compile, matches, holdsGroup, roundTenth, tsRank, wordsOfAlternatives, type CompiledQuery } from './tsvector';
import type { Understood } from './understand';

// The results page ranked in memory (issue 31, speed): the excursions' documents are in the index of names
// (names.ts, following search_changes at once), and what the page reads of each published excursion beside its
// document — its card, description, the filters' and tie-breaker's columns, its slots with free seats soon — is kept
// here per catalog version (catalog_version, migration 0025: moved on every change the public catalog shows). When the
// catalog's version moved, only the excursions whose facts changed are read again: those catalog_changes (migration
// 0028, written by triggers in the writing transaction) logged in transactions the facts' snapshot did not see; when
// the search index moved, those search_changes logged. A search costs the one round trip of understanding its text;
// the database stays the truth: every process reads again what changed when either version moves.
// The ranking rules are the statement's it replaces: match quality (scoreOf's rule, with PostgreSQL's `@@` and ts_rank
// computed alike: tsvector.ts), then rating × popularity and seats soon, then the id.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seats soon: a slot with free seats in the next two weeks (places.ts tieBreak). */
const SOON_MS = 14 * DAY_MS;
/** The slots read reach this far past two weeks; the facts are read again when they are older. */
const SLACK_MS = 60 * 60 * 1000;
/** …and this far back (a search that started just before they were read uses them too). */
const BACK_MS = 60 * 1000;

/** What the results page reads of a published excursion beside its document. */
export interface Fact {
  card: ExcursionCard;
  description: string;
  popularity: number;
  countrySlug: string;
  /** Start times (ms) of its active slots with free seats from BACK_MS before the load to two weeks and SLACK_MS after it. */
  free: number[];
}

export interface Facts {
  /** The catalog's and the search index's versions they reflect (or newer). */
  catalog: number;
  search: number;
  /** The snapshot (pg_current_snapshot) as of which they hold every change catalog_changes logged. */
  snapshot: string;
  /** When they were read (the slots read cover BACK_MS before, two weeks and SLACK_MS after). */
  loadedAt: number;
  byId: Map<number, Fact>;
}

type FactRow = Parameters<typeof toCards>[0][number] & { description: string | null; popularity: number; country_slug: string; free: number[] | string | null };

async function factRows(db: Database, ids: number[] | null, loadedAt: number): Promise<Map<number, Fact>> {
  const from = new Date(loadedAt - BACK_MS);
  const to = new Date(loadedAt + SOON_MS + SLACK_MS);
  const rows = (await db
    .select({
      ...cardColumns,
      description: excursions.description,
      popularity: excursions.popularity,
      country_slug: countries.slug,
      free: sql<number[]>`array(select (extract(epoch from ${events.startsAt}) * 1000)::float8 from ${events}
        where ${events.excursionId} = ${excursions.id} and ${events.status} = 'active' and ${events.bookedSeats} < ${events.capacity}
          and ${events.startsAt} > ${from} and ${events.startsAt} < ${to} order by 1)`,
    })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(and(isPublished, ids ? inArray(excursions.id, ids) : undefined))) as FactRow[];
  const cards = toCards(rows);
  return new Map(
    rows.map((r, i) => {
      const free = typeof r.free === 'string' ? (JSON.parse(`[${r.free.slice(1, -1)}]`) as number[]) : (r.free ?? []);
      return [r.id, { card: cards[i]!, description: r.description ?? '', popularity: Number(r.popularity), countrySlug: r.country_slug, free: free.map(Number) }];
    }),
  );
}

/** How often a database's facts were read whole and patched (for tests: a booking must not read them whole). */
export interface FactsCounters {
  loads: number;
  catalogPatches: number;
  searchPatches: number;
}
const counters = new WeakMap<Database, FactsCounters>();
export function factsCountersOf(db: Database): FactsCounters {
  let c = counters.get(db);
  if (!c) counters.set(db, (c = { loads: 0, catalogPatches: 0, searchPatches: 0 }));
  return c;
}

async function loadFacts(db: Database, searchVersion: number, catalogVersion: number, now: number): Promise<Facts> {
  stale.delete(db);
  factsCountersOf(db).loads += 1;
  // the log's old rows go (every process reads its facts whole at least hourly: SLACK_MS); then the snapshot, taken
  // before the rows are read: what commits in between is read again at the next patch
  await db.execute(sql`select catalog_changes_prune()`);
  const snapshot = await snapshotNow(db);
  return { catalog: catalogVersion, search: searchVersion, snapshot, loadedAt: now, byId: await factRows(db, null, now) };
}

const idsOf = (ids: number[] | string | null) => (typeof ids === 'string' ? (JSON.parse(ids) as number[]) : (ids ?? []));

/** Reads again the facts of these excursions (gone from the facts when no longer published). */
async function refresh(db: Database, facts: Facts, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const read = await factRows(db, ids, facts.loadedAt);
  for (const id of ids) {
    const fact = read.get(id);
    if (fact) facts.byId.set(id, fact);
    else facts.byId.delete(id);
  }
}

/**
 * The facts moved on by the excursions catalog_changes logged in transactions their snapshot did not see (null: the
 * log no longer reaches back that far, or a bulk load: read them whole).
 */
async function patchCatalog(db: Database, facts: Facts, catalogVersion: number): Promise<Facts | null> {
  const changed = await catalogChangesSince(db, facts.snapshot);
  if (!changed) return null;
  factsCountersOf(db).catalogPatches += 1;
  await refresh(db, facts, changed.ids);
  facts.snapshot = changed.snapshot;
  facts.catalog = Math.max(facts.catalog, catalogVersion);
  return facts;
}

/** The facts moved on by the excursions search_changes logged since theirs (null: the log no longer reaches back). */
async function patchFacts(db: Database, facts: Facts): Promise<Facts | null> {
  const [state] = rowsOf<{ version: string | number; changes_from: string | number; ids: number[] | string | null }>(
    await db.execute(sql`select s.version, s.changes_from,
      (select json_agg(distinct c.ref_id) from search_changes c where c.kind = 'excursion' and c.version > ${facts.search}) as ids
      from search_state s where s.id = 1`),
  );
  if (!state || Number(state.changes_from) > facts.search) return null;
  factsCountersOf(db).searchPatches += 1;
  await refresh(db, facts, idsOf(state.ids));
  facts.search = Math.max(facts.search, Number(state.version));
  return facts;
}

/** Per database: the facts and their last update (one at a time). */
const kept = new WeakMap<Database, Promise<Facts>>();
/** Databases whose catalog this process changed since their facts were read (read again at the next search). */
const stale = new WeakSet<Database>();

/** This process changed the catalog (the catalog cache's invalidation): the next search reads the facts again. */
export const factsChanged = (db: Database) => stale.add(db);

/**
 * The facts as of these versions or newer: patched by catalog_changes when the catalog's version moved (or this process
 * changed the catalog), by search_changes when the search index's did; read whole when they are older than SLACK_MS
 * (their slots cover two weeks from when they were read) or the logs no longer reach back to them.
 */
export function factsOf(db: Database, searchVersion: number, catalogVersion: number, now: number): Promise<Facts> {
  const have = kept.get(db);
  const next = have
    ? have.then(
        async (held) => {
          if (now > held.loadedAt + SLACK_MS || now < held.loadedAt - BACK_MS) {
            return loadFacts(db, searchVersion, Math.max(catalogVersion, held.catalog), now);
          }
          let facts: Facts | null = held;
          if (stale.has(db) || catalogVersion > held.catalog) {
            // a change of this process's made after this point marks it again
            stale.delete(db);
            facts = await patchCatalog(db, held, catalogVersion);
          }
          if (facts && searchVersion > facts.search) facts = await patchFacts(db, facts);
          return facts ?? loadFacts(db, searchVersion, Math.max(catalogVersion, held.catalog), now);
        },
        () => loadFacts(db, searchVersion, catalogVersion, now),
      )
    : loadFacts(db, searchVersion, catalogVersion, now);
  kept.set(db, next);
  // a failed read is not kept: the next call reads them again
  next.catch(() => kept.get(db) === next && kept.delete(db));
  return next;
}

/** The compiled query of the understood text: its words' parts known, or stemmed first (one more round trip). */
export async function compiledOf(db: Database, understood: Understood): Promise<CompiledQuery> {
  const ws = wordsOfAlternatives(understood.alternatives);
  const unknown = ws.filter((w) => partsKnown(w) === undefined);
  if (unknown.length > 0) await probe(db, unknown);
  const parts = new Map<string, WordParts>(ws.map((w) => [w, partsKnown(w) ?? []]));
  return compile(understood, (w) => parts.get(w) ?? []);
}

/** One ranked candidate. */
interface Candidate {
  id: number;
  score: number;
  tie: number;
  fact: Fact;
}

const DURATION_BANDS: [number, number | null][] = [[0, 120], [120, 240], [240, 480], [480, null]];
// the bands of the filters: duration as the list's duration select offers it, prices in whole roubles
const PRICE_BANDS: [number, number | null][] = [[0, 1999], [2000, 4999], [5000, 9999], [10000, null]];

/** At most this many matches are ranked, paged and counted (the best by match quality), as Meilisearch's maxTotalHits. */
export const MAX_CANDIDATES = 1000;

/** The excursion list's filters (excursions/list.ts listFilters, `q` aside) on a fact; `dated`: the ids a date admits. */
function passes(fact: Fact, query: SearchQuery, dated: Set<number> | null): boolean {
  const c = fact.card;
  if (query.country && fact.countrySlug !== query.country) return false;
  if (query.region && c.region.slug !== query.region) return false;
  if (query.city && c.city.slug !== query.city) return false;
  if (query.tag && !c.tags.some((t) => t.slug === query.tag)) return false;
  if (dated && !dated.has(c.id)) return false;
  if (query.price_min !== undefined && !(c.price >= query.price_min)) return false;
  if (query.price_max !== undefined && !(c.price <= query.price_max)) return false;
  if (query.duration_min !== undefined && !(c.duration_minutes >= query.duration_min)) return false;
  if (query.duration_max !== undefined && !(c.duration_minutes <= query.duration_max)) return false;
  if (query.language && !(c.languages as string[]).includes(query.language)) return false;
  if (query.format && c.format !== query.format) return false;
  if (query.rating_min !== undefined && !(c.rating >= query.rating_min)) return false;
  return true;
}

/** Rating × popularity, and 2 for a slot with free seats in the next two weeks (places.ts tieBreak). */
function tieOf(fact: Fact, now: number): number {
  const soon = fact.free.some((t) => t > now && t < now + SOON_MS);
  return fact.card.rating * Math.log(2 + fact.popularity) + (soon ? 2 : 0);
}

/** The ids of the excursions a date filter admits (a slot with free seats that day on the city's clock). */
export async function datedIds(db: Database, date: string, now: Date): Promise<Set<number>> {
  const rows = await db
    .select({ id: excursions.id })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(listFilters({ date }, now));
  return new Set(rows.map((r) => r.id));
}

const byPopularity = (a: Candidate, b: Candidate) => b.fact.popularity - a.fact.popularity || b.fact.card.rating - a.fact.card.rating || a.id - b.id;
const ORDERS: Record<string, (a: Candidate, b: Candidate) => number> = {
  price_asc: (a, b) => a.fact.card.price - b.fact.card.price || b.fact.popularity - a.fact.popularity || a.id - b.id,
  price_desc: (a, b) => b.fact.card.price - a.fact.card.price || b.fact.popularity - a.fact.popularity || a.id - b.id,
  rating: (a, b) => b.fact.card.rating - a.fact.card.rating || b.fact.card.reviews_count - a.fact.card.reviews_count || a.id - b.id,
};
/** Match quality, then the tie-breaker, then the id: one order whatever the engine. */
const byQuality = (a: Candidate, b: Candidate) => b.score - a.score || b.tie - a.tie || a.id - b.id;

export interface RankedPage {
  /** Every word was required (some excursion has them all), else any of them. */
  all: boolean;
  total: number;
  page: { card: ExcursionCard; description: string }[];
  facets: SearchFacets;
}

/**
 * The excursions matching the understood text that pass the filters: the best MAX_CANDIDATES by match quality, their
 * total and facet counts, and the requested page of them in the requested order.
 */
export function rankResults(
  index: NamesIndex,
  facts: Facts,
  understood: Understood,
  compiled: CompiledQuery,
  query: SearchQuery,
  request: PageRequest,
  now: number,
  dated: Set<number> | null,
): RankedPage {
  // the docs holding any of the query's lexemes (the postings of the whole documents); then `@@` decides
  const slots = new Set<number>();
  for (const g of compiled.groups) for (const p of g) for (const it of p.items) textDocsOf(index, it.lexeme, it.prefix, slots);
  const docs = [...slots].map((s) => index.docs[s]).filter((d) => d?.kind === 'excursion' && d.vector);
  // every word when some excursion has them all (the filters aside), else any of them, ranked by how many
  const all = understood.all === understood.any || docs.some((d) => matches(d!.vector!, compiled, true));
  const { phrase, fuzzy } = understood;
  const exactWords = understood.exact ? [...understood.exact.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [];
  const coverageGroups = all || compiled.groups.length < 2 ? [] : compiled.groups;
  const candidates: Candidate[] = [];
  for (const doc of docs) {
    const vector = doc!.vector!;
    if (!matches(vector, compiled, all)) continue;
    const fact = facts.byId.get(doc!.id);
    if (!fact || !passes(fact, query, dated)) continue;
    const exact = exactWords.length > 0 && exactWords.every((w) => doc!.exact.has(w) && w.split('-').every((part) => !part || doc!.exact.has(part)));
    const base = doc!.name === phrase ? 3 : doc!.name.includes(phrase) ? 2.5 : exact ? 2 : 1;
    let coverage = 0;
    for (const g of coverageGroups) if (g.length > 0 && holdsGroup(vector, g)) coverage += 3;
    const score = base - (fuzzy ? 0.5 : 0) + coverage + roundTenth(tsRank(vector, compiled, all));
    candidates.push({ id: doc!.id, score, tie: tieOf(fact, now), fact });
  }
  const best = candidates.sort(byQuality).slice(0, MAX_CANDIDATES);

  const cityCounts = new Map<number, { slug: string; region_slug: string; name: string; count: number }>();
  for (const c of best) {
    const city = c.fact.card.city;
    const have = cityCounts.get(city.id);
    if (have) have.count += 1;
    else cityCounts.set(city.id, { slug: city.slug, region_slug: c.fact.card.region.slug, name: city.name, count: 1 });
  }
  const band = (bands: [number, number | null][], value: (c: Candidate) => number): FacetBand[] =>
    bands
      .map(([min, max]) => ({ min, max, count: best.filter((c) => value(c) >= min && (max === null || value(c) <= max)).length }))
      .filter((b) => b.count > 0);
  const facets: SearchFacets = {
    cities: [...cityCounts]
      .sort(([idA, a], [idB, b]) => b.count - a.count || byCodePoint(a.name, b.name) || idA - idB)
      .slice(0, 12)
      .map(([, c]) => c),
    formats: (['group', 'individual'] as const)
      .map((value) => ({ value, count: best.filter((c) => c.fact.card.format === value).length }))
      .filter((f) => f.count > 0),
    durations: band(DURATION_BANDS, (c) => c.fact.card.duration_minutes),
    prices: band(PRICE_BANDS, (c) => c.fact.card.price),
  };

  const popular = !query.sort || query.sort === 'popular';
  const ordered = popular ? best : [...best].sort(ORDERS[query.sort!] ?? byPopularity);
  const offset = offsetOf(request);
  const page = ordered.slice(offset, offset + request.perPage).map((c) => ({ card: c.fact.card, description: c.fact.description }));
  return { all, total: best.length, page, facets };
}
