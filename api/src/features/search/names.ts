import type { CityCard, SearchPlace, SearchPlaceKind, Suggestions } from '@excursio/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions } from '../../db/schema';
import { firstPhoto, isPublished } from '../catalog/cards';
import { cityCards } from '../geo/cities';
import { catalogChangesSince, snapshotNow } from './catalog-changes';
import { placesOf, tieBreak } from './places';
import { startingWith, trigramSimilarity, trigrams } from './lexicon';
import type { Alternative, Understood } from './understand';
import { words } from './text';
import { parseTsvector, type DocVector } from './tsvector';

// An index of names in memory (issue 31, speed): the names (weight A) and places (B: city,
// guide, sights, tags) of every published excursion, and the names of the places that have published excursions, as
// lexeme postings. Built from search_documents once per process, then moved on by the documents each version of the
// index (search_state) wrote (search_changes, migration 0027), so a suggestion costs the one round trip of
// understanding the text (the version and the words' lexemes) and no query of the catalog — as Typesense and
// Meilisearch answer from memory — and a catalog edit costs the reading of what it changed. The ranking is the
// results page's (engine.ts scoreOf) on these fields: the phrase, the exact words, word forms, then typo corrections;
// among equals rating × popularity and seats soon (the excursions' cards and tie-breakers follow catalog_changes once
// the catalog's version moved: followCatalog).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Doc {
  kind: 'excursion' | SearchPlaceKind;
  id: number;
  /** The name in search form. */
  name: string;
  /** The `simple` words of the name and places: exact matches. */
  exact: Set<string>;
  /** Lexeme → 1 (in the name) or 0.4 (in its places). */
  weights: Map<string, number>;
  /** Rating × popularity and seats soon (excursions). */
  tie: number;
  /** The name's trigrams (places: how close their name is to the query). */
  grams: Set<string> | null;
  /** The whole tsvector (excursions: the results page matches and ranks on it, results.ts). */
  vector: DocVector | null;
  /** Places: the lexemes of what is around them (weight C: region, country, kind), which a destination may be named by. */
  around: Set<string> | null;
}

type SuggestedExcursion = Suggestions['excursions'][number];

export interface NamesIndex {
  /** The version of the index it reflects. */
  version: number;
  /** The catalog's version its excursions' cards and tie-breakers reflect (or newer), and the snapshot they are as of. */
  catalog: number;
  snapshot: string;
  /** The docs by slot (a removed doc's slot is empty until reused). */
  docs: (Doc | undefined)[];
  /** `kind:id` → the doc's slot. */
  slots: Map<string, number>;
  /** Lexeme → the slots of the docs holding it. */
  postings: Map<string, Set<number>>;
  /** The lexemes sorted: the ones a prefix starts are a range (null: to sort again after a change). */
  sortedLexemes: string[] | null;
  /** Every lexeme of the excursions' whole documents → the slots of the docs holding it (the results page's). */
  textPostings: Map<string, Set<number>>;
  /** Those lexemes sorted (null: to sort again after a change). */
  sortedText: string[] | null;
  excursions: Map<number, SuggestedExcursion>;
  /** An excursion → the places whose counts it is in (its city, region, country, guide and sights). */
  placesOfExcursion: Map<number, string[]>;
  places: Map<string, SearchPlace>;
  cities: Map<number, CityCard>;
}

type DocRow = { kind: Doc['kind']; id: number; name: string; exact: string[]; a: string[]; b: string[]; c: string[] | null; tsv: string | null };
type Ref = { kind: Doc['kind']; id: number };
const keyOf = (r: Ref) => `${r.kind}:${r.id}`;
const refOf = (key: string): Ref => {
  const at = key.indexOf(':');
  return { kind: key.slice(0, at) as Doc['kind'], id: Number(key.slice(at + 1)) };
};

/** Documents' name and place lexemes (all of them, or those of `refs`). */
async function docRows(db: Database, refs: Ref[] | null): Promise<DocRow[]> {
  const only = refs
    ? sql`where (d.kind, d.ref_id) in (select * from unnest(${sql.param(refs.map((r) => r.kind))}::text[], ${sql.param(refs.map((r) => r.id))}::int[]))`
    : sql``;
  return rowsOf<DocRow>(
    await db.execute(sql`
      select d.kind, d.ref_id as id, d.name, tsvector_to_array(d.exact) as exact,
        tsvector_to_array(ts_filter(d.tsv, '{a}')) as a,
        tsvector_to_array(ts_filter(d.tsv, '{b}')) as b,
        case when d.kind <> 'excursion' then tsvector_to_array(ts_filter(d.tsv, '{c}')) end as c,
        case when d.kind = 'excursion' then d.tsv::text end as tsv
      from search_documents d ${only}`),
  );
}

/** Published excursions (all, or those of `ids`) as suggestions, with their tie-breaker and the places they count in. */
async function excursionRows(db: Database, ids: number[] | null) {
  const rows = await db
    .select({
      id: excursions.id,
      slug: excursions.slug,
      title: excursions.title,
      photo_url: firstPhoto,
      city: { id: cities.id, slug: cities.slug, name: cities.name },
      region: { id: regions.id, slug: regions.slug, name: regions.name },
      tie: sql<number>`${tieBreak}`,
      places: sql<string[]>`array['city:' || ${cities.id}, 'region:' || ${regions.id}, 'country:' || ${regions.countryId}]
        || case when ${excursions.guideId} is null then '{}'::text[] else array['guide:' || ${excursions.guideId}] end
        || array(select 'sight:' || es.sight_id from excursion_sights es where es.excursion_id = ${excursions.id})`,
    })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(and(isPublished, ids ? inArray(excursions.id, ids) : undefined));
  return rows.map(({ tie, places, ...e }) => ({ e, tie: Number(tie), places }));
}

function removeDoc(index: NamesIndex, key: string) {
  const slot = index.slots.get(key);
  if (slot === undefined) return;
  for (const l of index.docs[slot]!.weights.keys()) {
    const list = index.postings.get(l)!;
    list.delete(slot);
    if (list.size === 0) {
      index.postings.delete(l);
      index.sortedLexemes = null;
    }
  }
  for (const l of index.docs[slot]!.vector?.lexemes ?? []) {
    const list = index.textPostings.get(l)!;
    list.delete(slot);
    if (list.size === 0) {
      index.textPostings.delete(l);
      index.sortedText = null;
    }
  }
  index.docs[slot] = undefined;
  index.slots.delete(key);
}

function addDoc(index: NamesIndex, r: DocRow, tie: number, free: number[]) {
  const weights = new Map<string, number>();
  for (const l of r.b) weights.set(l, 0.4);
  for (const l of r.a) weights.set(l, 1);
  const doc: Doc = { kind: r.kind, id: r.id, name: r.name, exact: new Set(r.exact), weights, tie, grams: r.kind === 'excursion' ? null : trigrams(r.name), vector: r.tsv ? parseTsvector(r.tsv) : null, around: r.c ? new Set(r.c) : null };
  const slot = free.pop() ?? index.docs.length;
  index.docs[slot] = doc;
  index.slots.set(keyOf(r), slot);
  for (const l of weights.keys()) {
    const list = index.postings.get(l);
    if (list) list.add(slot);
    else {
      index.postings.set(l, new Set([slot]));
      index.sortedLexemes = null;
    }
  }
  for (const l of doc.vector?.lexemes ?? []) {
    const list = index.textPostings.get(l);
    if (list) list.add(slot);
    else {
      index.textPostings.set(l, new Set([slot]));
      index.sortedText = null;
    }
  }
}

/** (Re)writes the docs of `keys` from their rows: an excursion that is published, a place that has published excursions. */
function writeDocs(index: NamesIndex, keys: Iterable<string>, rows: DocRow[], ties: Map<number, number>) {
  const free = index.docs.flatMap((d, i) => (d ? [] : [i]));
  for (const key of keys) removeDoc(index, key);
  for (const r of rows) {
    const key = keyOf(r);
    if (r.kind === 'excursion' ? !index.excursions.has(r.id) : !index.places.has(key)) continue;
    removeDoc(index, key);
    addDoc(index, r, r.kind === 'excursion' ? (ties.get(r.id) ?? 0) : 0, free);
  }
}

/** The whole index of names, as of `version` and the catalog's version `catalog` (or newer). */
export async function buildNames(db: Database, version: number, catalog = 0): Promise<NamesIndex> {
  const snapshot = await snapshotNow(db);
  const [rows, excursionList, cityRows] = await Promise.all([
    docRows(db, null),
    excursionRows(db, null),
    cityCards(db, undefined, { withExcursionsOnly: true, limit: 100_000 }),
  ]);
  const places = await placesOf(
    db,
    rows.filter((r) => r.kind !== 'excursion').map((r) => ({ kind: r.kind as SearchPlaceKind, id: r.id })),
  );
  const index: NamesIndex = {
    version,
    catalog,
    snapshot,
    docs: [],
    slots: new Map(),
    postings: new Map(),
    sortedLexemes: null,
    textPostings: new Map(),
    sortedText: null,
    excursions: new Map(excursionList.map(({ e }) => [e.id, e])),
    placesOfExcursion: new Map(excursionList.map(({ e, places }) => [e.id, places])),
    places: new Map(places.map((p) => [keyOf(p), p])),
    cities: new Map(cityRows.map((c) => [c.id, c])),
  };
  writeDocs(index, [], rows, new Map(excursionList.map(({ e, tie }) => [e.id, tie])));
  return index;
}

/**
 * The index moved on to the newest version: the docs written since `index.version` (search_changes, migration 0027)
 * read again, with the places whose counts their excursions are in (a published or hidden excursion changes them);
 * null when the log does not reach back to the index's version (then the whole index is built again).
 */
async function advanceNames(db: Database, index: NamesIndex): Promise<NamesIndex | null> {
  const [state] = rowsOf<{ version: string | number; changes_from: string | number; changes: [Doc['kind'], number][] | string | null }>(
    await db.execute(sql`select s.version, s.changes_from,
      (select json_agg(distinct jsonb_build_array(c.kind, c.ref_id)) from search_changes c where c.version > ${index.version}) as changes
      from search_state s where s.id = 1`),
  );
  if (!state || Number(state.changes_from) > index.version) return null;
  const changes = typeof state.changes === 'string' ? (JSON.parse(state.changes) as [Doc['kind'], number][]) : (state.changes ?? []);
  const changedExcursions = changes.filter(([kind]) => kind === 'excursion').map(([, id]) => id);
  const excursionList = changedExcursions.length > 0 ? await excursionRows(db, changedExcursions) : [];
  // the places to read again: the changed ones, and those the changed excursions counted in before and count in now
  const placeKeys = new Set(changes.filter(([kind]) => kind !== 'excursion').map(([kind, id]) => keyOf({ kind, id })));
  for (const id of changedExcursions) for (const key of index.placesOfExcursion.get(id) ?? []) placeKeys.add(key);
  for (const { places } of excursionList) for (const key of places) placeKeys.add(key);
  const placeRefs = [...placeKeys].map(refOf);
  const cityIds = placeRefs.filter((r) => r.kind === 'city').map((r) => r.id);
  const keys = [...changedExcursions.map((id) => keyOf({ kind: 'excursion', id })), ...placeKeys];
  const [rows, places, cityRows] = await Promise.all([
    keys.length > 0 ? docRows(db, keys.map(refOf)) : Promise.resolve([]),
    placesOf(db, placeRefs as { kind: SearchPlaceKind; id: number }[]),
    cityIds.length > 0 ? cityCards(db, inArray(cities.id, cityIds), { withExcursionsOnly: true, limit: cityIds.length }) : Promise.resolve([]),
  ]);
  // everything read: the index changes at once (no search sees it half changed)
  for (const id of changedExcursions) {
    index.excursions.delete(id);
    index.placesOfExcursion.delete(id);
  }
  for (const { e, places: counted } of excursionList) {
    index.excursions.set(e.id, e);
    index.placesOfExcursion.set(e.id, counted);
  }
  for (const key of placeKeys) index.places.delete(key);
  for (const p of places) index.places.set(keyOf(p), p);
  for (const id of cityIds) index.cities.delete(id);
  for (const c of cityRows) index.cities.set(c.id, c);
  writeDocs(index, keys, rows, new Map(excursionList.map(({ e, tie }) => [e.id, tie])));
  index.version = Number(state.version);
  return index;
}

/**
 * The excursions' cards and tie-breakers moved on by the excursions catalog_changes logged since the index's snapshot
 * (a booking's seats soon, a rating, a photo); null when the log cannot tell (then the whole index is built again).
 * Publishing, hiding, moving and the places' counts are search_changes' (advanceNames): only the excursions the index
 * holds are read again, and their places stay as they were.
 */
async function followCatalog(db: Database, index: NamesIndex, catalog: number): Promise<NamesIndex | null> {
  const changed = await catalogChangesSince(db, index.snapshot);
  if (!changed) return null;
  const held = changed.ids.filter((id) => index.excursions.has(id));
  const excursionList = held.length > 0 ? await excursionRows(db, held) : [];
  for (const { e, tie } of excursionList) {
    if (!index.excursions.has(e.id)) continue;
    index.excursions.set(e.id, e);
    const slot = index.slots.get(keyOf({ kind: 'excursion', id: e.id }));
    if (slot !== undefined) index.docs[slot]!.tie = tie;
  }
  index.snapshot = changed.snapshot;
  index.catalog = Math.max(index.catalog, catalog);
  return index;
}

/** Per database: the index of names and its last update (one at a time). */
const names = new WeakMap<Database, Promise<NamesIndex>>();

/**
 * The index of names as of `version` or newer. Built whole once per process, then moved on by the documents each
 * version wrote (a catalog edit costs the reading of what it changed, not of the whole catalog).
 */
export function namesIndexOf(db: Database, version: number, catalog = 0): Promise<NamesIndex> {
  const have = names.get(db);
  const next = have
    ? have.then(
        async (held) => {
          let index: NamesIndex | null = held;
          if (index.version < version) index = await advanceNames(db, index);
          if (index && catalog > index.catalog) index = await followCatalog(db, index, catalog);
          return index ?? buildNames(db, version, catalog);
        },
        () => buildNames(db, version, catalog),
      )
    : buildNames(db, version, catalog);
  names.set(db, next);
  // a failed build or update is not kept: the next call builds the index again
  next.catch(() => names.get(db) === next && names.delete(db));
  return next;
}

/** The lexemes of the index sorted (sorted again after a change added or removed one). */
const sortedOf = (index: NamesIndex) => (index.sortedLexemes ??= [...index.postings.keys()].sort());

/** The excursion docs whose whole document holds a lexeme, or (prefix) any lexeme it starts. */
export function textDocsOf(index: NamesIndex, lexeme: string, prefix: boolean, into: Set<number>) {
  if (!prefix) {
    for (const d of index.textPostings.get(lexeme) ?? []) into.add(d);
    return;
  }
  for (const l of startingWith((index.sortedText ??= [...index.textPostings.keys()].sort()), lexeme)) {
    for (const d of index.textPostings.get(l)!) into.add(d);
  }
}

/** The docs holding a lexeme, or (the word being typed) any lexeme it starts. */
function docsOf(index: NamesIndex, lexeme: string, prefix: boolean): Set<number> {
  if (!prefix) return new Set(index.postings.get(lexeme) ?? []);
  const out = new Set<number>();
  for (const l of startingWith(sortedOf(index), lexeme)) for (const d of index.postings.get(l)!) out.add(d);
  return out;
}

/** The lexemes of an alternative's words (the last one a prefix when typed), and whether each doc has them. */
function alternativeOf(understood: Understood, alt: Alternative) {
  const ws = words(alt.text);
  return ws.map((w, i) => ({ lexeme: understood.lexemes.get(w) ?? w, prefix: !!alt.prefix && i === ws.length - 1 }));
}

const intersect = (a: Set<number>, b: Set<number>) => new Set([...a].filter((x) => b.has(x)));

/** How well a doc holds a group: the best weight of an alternative it has all the words of (0: none); `min`: lower weights count as none. */
function groupWeight(doc: Doc, alts: { lexeme: string; prefix: boolean }[][], min = 0): number {
  let best = 0;
  for (const alt of alts) {
    let weight = 1;
    for (const part of alt) {
      let w = doc.weights.get(part.lexeme) ?? 0;
      if (part.prefix && w < 1) for (const [l, lw] of doc.weights) if (lw > w && l.startsWith(part.lexeme)) w = lw;
      if (w < min) w = 0;
      weight = Math.min(weight, w);
    }
    if (alt.length > 0) best = Math.max(best, weight);
  }
  return best;
}

/** Does a place hold every word of one of the alternatives in its name, its near places or what is around it? */
function holdsAround(doc: Doc, alts: { lexeme: string; prefix: boolean }[][]): boolean {
  const has = (l: string, prefix: boolean) => {
    if (doc.weights.has(l) || doc.around?.has(l)) return true;
    if (!prefix) return false;
    for (const k of doc.weights.keys()) if (k.startsWith(l)) return true;
    for (const k of doc.around ?? []) if (k.startsWith(l)) return true;
    return false;
  };
  return alts.some((alt) => alt.length > 0 && alt.every((part) => has(part.lexeme, part.prefix)));
}

/** A doc of the index that matched, with its score (engine.ts scoreOf's rule) and which groups its name holds. */
export interface NameMatch {
  doc: Doc;
  score: number;
  inName: boolean[];
  similarity: number;
}

/**
 * The docs matching the understood text: every word when some excursion has them all (or when `all` says so), else
 * any of them (ranked by how many); `placesOnly`: the places' docs alone (the destinations above the results).
 */
export function matchNames(index: NamesIndex, understood: Understood, all?: boolean, placesOnly = false): NameMatch[] {
  const groups = understood.alternatives.map((alts) => alts.map((alt) => alternativeOf(understood, alt)));
  const groupDocs = groups.map((alts) => {
    const out = new Set<number>();
    for (const alt of alts) {
      if (alt.length === 0) continue;
      let docs = docsOf(index, alt[0]!.lexeme, alt[0]!.prefix);
      for (const part of alt.slice(1)) docs = intersect(docs, docsOf(index, part.lexeme, part.prefix));
      for (const d of docs) out.add(d);
    }
    return out;
  });
  // every word when some excursion has them all, else any of them (ranked by how many): the results page's rule
  const every = groupDocs.reduce((a, b) => intersect(a, b));
  all ??= [...every].some((d) => index.docs[d]!.kind === 'excursion');
  const any = () => new Set(groupDocs.flatMap((g) => [...g]));
  // a destination may hold some words in what is around it, as an excursion's document does («пещеры Грузии»: a cave
  // in Georgia): among the places naming a word, those holding every word there too
  const matched = !all
    ? any()
    : placesOnly
      ? new Set([...any()].filter((d) => index.docs[d]!.kind !== 'excursion' && groups.every((alts) => holdsAround(index.docs[d]!, alts))))
      : every;
  const { phrase, fuzzy } = understood;
  const phraseGrams = trigrams(phrase);
  const exactWords = understood.exact ? [...understood.exact.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [];

  // the results page asks for the places alone (its excursions are ranked by results.ts): the excursions not scored
  const scored = [...matched].filter((d) => !placesOnly || index.docs[d]!.kind !== 'excursion').map((d) => {
    const doc = index.docs[d]!;
    const held = groups.map((alts) => groupWeight(doc, alts));
    const inName = doc.kind === 'excursion' ? [] : groups.map((alts) => groupWeight(doc, alts, 1) > 0);
    const coverage = all || groups.length < 2 ? 0 : 3 * held.filter((w) => w > 0).length;
    const base =
      doc.name === phrase ? 3 : phrase && doc.name.includes(phrase) ? 2.5 : exactWords.length > 0 && exactWords.every((w) => doc.exact.has(w)) ? 2 : 1;
    const rank = Math.round((held.reduce((s, w) => s + w, 0) / held.length) * 10) / 10;
    const close = doc.grams ? trigramSimilarity(doc.grams, phraseGrams) : 0;
    return { doc, score: base - (fuzzy ? 0.5 : 0) + coverage + rank, inName, similarity: close };
  });

  return scored;
}

/** Places whose name holds a searched word: every word first, then the closest names, then how well they match. */
export function destinationsIn(index: NamesIndex, scored: NameMatch[]): SearchPlace[] {
  return scored
    .filter((s) => s.doc.kind !== 'excursion' && s.inName.some(Boolean))
    .sort(
      (a, b) =>
        Number(b.inName.every(Boolean)) - Number(a.inName.every(Boolean)) ||
        b.similarity - a.similarity ||
        b.score - a.score ||
        (a.doc.kind < b.doc.kind ? -1 : a.doc.kind > b.doc.kind ? 1 : 0) ||
        a.doc.id - b.doc.id,
    )
    .flatMap((s) => index.places.get(`${s.doc.kind}:${s.doc.id}`) ?? []);
}
