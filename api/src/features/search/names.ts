import type { CityCard, SearchPlace, SearchPlaceKind, Suggestions } from '@excursio/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions } from '../../db/schema';
import { firstPhoto, isPublished } from '../catalog/cards';
import { cityCards } from '../geo/cities';
import { placesOf, tieBreak } from './places';
import { perVersion, startingWith, trigramSimilarity, trigrams } from './lexicon';
import type { Alternative, Understood } from './understand';
import { words } from './text';

// An index of names in memory (issue 31, speed): the names (weight A) and places (B: city,
// guide, sights, tags) of every published excursion, and the names of the places that have published excursions, as
// lexeme postings. Built from search_documents once per version of the index (search_state) and kept per database,
// so a suggestion costs the one round trip of understanding the text (the version and the words' lexemes) and no
// query of the catalog — as Typesense and Meilisearch answer from memory. The ranking is the results page's
// (engine.ts scoreOf) on these fields: the phrase, the exact words, word forms, then typo corrections; among equals
// rating × popularity and seats soon (as of the index's last change).

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
}

type SuggestedExcursion = Suggestions['excursions'][number];

export interface NamesIndex {
  docs: Doc[];
  /** Lexeme → the docs holding it. */
  postings: Map<string, number[]>;
  /** The lexemes sorted: the ones a prefix starts are a range. */
  sorted: string[];
  excursions: Map<number, SuggestedExcursion>;
  places: Map<string, SearchPlace>;
  cities: Map<number, CityCard>;
}

export const namesIndexOf = perVersion(async (db: Database): Promise<NamesIndex> => {
  const [docRows, excursionRows, cityRows] = await Promise.all([
    db.execute(sql`
      select d.kind, d.ref_id as id, d.name, tsvector_to_array(d.exact) as exact,
        tsvector_to_array(ts_filter(d.tsv, '{a}')) as a,
        tsvector_to_array(ts_filter(d.tsv, '{b}')) as b
      from search_documents d`),
    db
      .select({
        id: excursions.id,
        slug: excursions.slug,
        title: excursions.title,
        photo_url: firstPhoto,
        city: { id: cities.id, slug: cities.slug, name: cities.name },
        region: { id: regions.id, slug: regions.slug, name: regions.name },
        tie: sql<number>`${tieBreak}`,
      })
      .from(excursions)
      .innerJoin(cities, eq(cities.id, excursions.cityId))
      .innerJoin(regions, eq(regions.id, cities.regionId))
      .where(and(isPublished)),
    cityCards(db, undefined, { withExcursionsOnly: true, limit: 100_000 }),
  ]);
  const rows = rowsOf<{ kind: Doc['kind']; id: number; name: string; exact: string[]; a: string[]; b: string[] }>(docRows);
  const places = await placesOf(
    db,
    rows.filter((r) => r.kind !== 'excursion').map((r) => ({ kind: r.kind as SearchPlaceKind, id: r.id })),
  );
  const placeByKey = new Map(places.map((p) => [`${p.kind}:${p.id}`, p]));
  const excursionById = new Map(excursionRows.map(({ tie, ...e }) => [e.id, { e, tie: Number(tie) }]));
  const docs: Doc[] = [];
  const postings = new Map<string, number[]>();
  for (const r of rows) {
    const excursion = r.kind === 'excursion' ? excursionById.get(r.id) : undefined;
    if (r.kind === 'excursion' ? !excursion : !placeByKey.has(`${r.kind}:${r.id}`)) continue;
    const weights = new Map<string, number>();
    for (const l of r.b) weights.set(l, 0.4);
    for (const l of r.a) weights.set(l, 1);
    const at = docs.push({ kind: r.kind, id: r.id, name: r.name, exact: new Set(r.exact), weights, tie: excursion?.tie ?? 0, grams: r.kind === 'excursion' ? null : trigrams(r.name) }) - 1;
    for (const l of weights.keys()) {
      const list = postings.get(l);
      if (list) list.push(at);
      else postings.set(l, [at]);
    }
  }
  return {
    docs,
    postings,
    sorted: [...postings.keys()].sort(),
    excursions: new Map([...excursionById].map(([id, { e }]) => [id, e])),
    places: placeByKey,
    cities: new Map(cityRows.map((c) => [c.id, c])),
  };
});

/** The docs holding a lexeme, or (the word being typed) any lexeme it starts. */
function docsOf(index: NamesIndex, lexeme: string, prefix: boolean): Set<number> {
  if (!prefix) return new Set(index.postings.get(lexeme) ?? []);
  const out = new Set<number>();
  for (const l of startingWith(index.sorted, lexeme)) for (const d of index.postings.get(l)!) out.add(d);
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

/** A doc of the index that matched, with its score (engine.ts scoreOf's rule) and which groups its name holds. */
export interface NameMatch {
  doc: Doc;
  score: number;
  inName: boolean[];
  similarity: number;
}

/**
 * The docs matching the understood text: every word when some excursion has them all (or when `all` says so), else
 * any of them (ranked by how many).
 */
export function matchNames(index: NamesIndex, understood: Understood, all?: boolean): NameMatch[] {
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
  const matched = all ? every : new Set(groupDocs.flatMap((g) => [...g]));
  const { phrase, fuzzy } = understood;
  const phraseGrams = trigrams(phrase);
  const exactWords = understood.exact ? [...understood.exact.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [];

  const scored = [...matched].map((d) => {
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
