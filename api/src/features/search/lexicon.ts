import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// The search vocabulary in memory (issue 31, speed): every word of the indexed text with its russian lexeme and weight
// (search_terms) and the synonyms, loaded once per version of the index (search_state, migration 0026_search_speed)
// and kept per database. A query is understood without asking the database for its words' corrections or completions:
// one round trip reads the index's version and the query words' russian lexemes (the stemmer lives in the database),
// and the vocabulary is reloaded only when the version moved. Typo candidates come from a trigram index built here with
// pg_trgm's rules (similarity = shared trigrams / all trigrams of both, threshold 0.3), as the database's was.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A vocabulary word or a synonym: what a typo may be corrected to. */
interface Candidate {
  term: string;
  /** When a synonym: what it stands for. */
  expansion: string | null;
  /** Documents using it; a synonym outranks any word (it was put there on purpose). */
  weight: number;
  trigrams: number;
}

export interface Correction {
  term: string;
  sim: number;
  expansion: string | null;
}

/** pg_trgm's trigrams of a text: each run of letters and digits padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = [...`  ${word} `];
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3).join(''));
  }
  return out;
}

/** pg_trgm's similarity(a, b). */
export function similarity(a: string, b: string): number {
  return trigramSimilarity(trigrams(a), trigrams(b));
}

/** pg_trgm's similarity of two texts' trigrams (trigrams()). */
export function trigramSimilarity(x: Set<string>, y: Set<string>): number {
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** The words of a sorted list that start with `prefix` (a binary search for the first). */
export function* startingWith(sorted: string[], prefix: string): Generator<string> {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) yield sorted[i]!;
}

const SIMILARITY_THRESHOLD = 0.3;
const CORRECTIONS = 6;
/** At most this many words' corrections kept per vocabulary (then the memory starts again). */
const CORRECTIONS_KEPT = 10_000;

export class Lexicon {
  readonly version: number;
  private readonly terms = new Map<string, { lexeme: string; weight: number }>();
  private readonly lexemes = new Set<string>();
  /** The vocabulary sorted: the words a prefix starts are a range of it. */
  private readonly sorted: string[];
  private readonly synonyms = new Map<string, string[]>();
  private readonly candidates: Candidate[] = [];
  private readonly byTrigram = new Map<string, number[]>();

  constructor(version: number, terms: { term: string; lexeme: string; weight: number }[], synonyms: { term: string; expansion: string }[]) {
    this.version = version;
    for (const t of terms) {
      this.terms.set(t.term, { lexeme: t.lexeme, weight: Number(t.weight) });
      this.lexemes.add(t.lexeme);
      this.addCandidate({ term: t.term, expansion: null, weight: Number(t.weight), trigrams: 0 });
    }
    for (const s of synonyms) {
      this.synonyms.set(s.term, [...(this.synonyms.get(s.term) ?? []), s.expansion]);
      this.addCandidate({ term: s.term, expansion: s.expansion, weight: 1e6, trigrams: 0 });
    }
    this.sorted = [...this.terms.keys()].sort();
  }

  private addCandidate(candidate: Candidate) {
    const grams = trigrams(candidate.term);
    candidate.trigrams = grams.size;
    const index = this.candidates.push(candidate) - 1;
    for (const g of grams) {
      const list = this.byTrigram.get(g);
      if (list) list.push(index);
      else this.byTrigram.set(g, [index]);
    }
  }

  /** The word, one of its forms (its lexeme `stem`) or a synonym is known. */
  known(word: string, stem: string | null | undefined): boolean {
    return this.terms.has(word) || (!!stem && this.lexemes.has(stem)) || this.synonyms.has(word);
  }

  lexemeOf(word: string): string | undefined {
    return this.terms.get(word)?.lexeme;
  }

  /** lexemeOf as a function kept with the vocabulary (the marks read each text once per vocabulary: marks.ts). */
  readonly lexemeOfWord = (word: string): string | undefined => this.terms.get(word)?.lexeme;

  synonymsOf(term: string): string[] | undefined {
    return this.synonyms.get(term);
  }

  /** The most used word starting with `prefix` (the word being typed). */
  completion(prefix: string): string | null {
    let best: string | null = null;
    let bestWeight = -1;
    for (const term of startingWith(this.sorted, prefix)) {
      const weight = this.terms.get(term)!.weight;
      if (weight > bestWeight) {
        best = term;
        bestWeight = weight;
      }
    }
    return best;
  }

  /** The corrections asked of this vocabulary (the same words come again and again: a busy site's queries). */
  private readonly correctionsKept = new Map<string, Correction[]>();

  /** The closest words and synonyms by trigrams (similarity ≥ 0.3): the most similar, then the most used. */
  corrections(word: string): readonly Correction[] {
    const kept = this.correctionsKept.get(word);
    if (kept) return kept;
    const found = this.correctionsOf(word);
    if (this.correctionsKept.size >= CORRECTIONS_KEPT) this.correctionsKept.clear();
    this.correctionsKept.set(word, found);
    return found;
  }

  private correctionsOf(word: string): Correction[] {
    const grams = trigrams(word);
    if (grams.size === 0) return [];
    const shared = new Map<number, number>();
    for (const g of grams) for (const i of this.byTrigram.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const out: (Correction & { weight: number })[] = [];
    for (const [i, n] of shared) {
      const c = this.candidates[i]!;
      const sim = n / (grams.size + c.trigrams - n);
      if (sim >= SIMILARITY_THRESHOLD) out.push({ term: c.term, sim, expansion: c.expansion, weight: c.weight });
    }
    out.sort((a, b) => b.sim - a.sim || b.weight - a.weight || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return out.slice(0, CORRECTIONS).map(({ term, sim, expansion }) => ({ term, sim, expansion }));
  }
}

/** What one round trip tells about a query: the index's and the catalog's versions and the russian lexeme of each word. */
export interface Probe {
  version: number;
  /** The catalog's version (catalog_version, migration 0025): what the results page's facts of excursions follow. */
  catalog: number;
  stems: Map<string, string | null>;
}

/**
 * A word as the russian configuration reads it in a tsquery: its lexemes and their positions from 0 (a hyphenated
 * word is its whole and its parts in a row, «царь-колокол» → царь-колокол 0, цар 1, колокол 2; a stop word nothing).
 */
export type WordParts = [lexeme: string, offset: number][];

/**
 * Words' russian lexemes (null: a stop word) and parts as the database's stemmer gave them: the stemmer and its
 * dictionary are fixed, so a word is stemmed once per process (at most STEMS_KEPT words kept; then the memory starts
 * again). The stem is the word's first lexeme in a tsvector's order (tsvector_to_array's first).
 */
const stemsKnown = new Map<string, { stem: string | null; parts: WordParts }>();
const STEMS_KEPT = 50_000;

/** Code point order (PostgreSQL's order of a tsvector's lexemes and of a tsquery's operands: their bytes compared). */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function probeNow(db: Database, words: string[]): Promise<Probe> {
  const unknown = words.filter((w) => !stemsKnown.has(w));
  const versions = sql`(select version from search_state where id = 1) as version,
    (select case when is_called then last_value else 0 end from catalog_version) as catalog`;
  // the versions alone when every word was stemmed before; else the versions and the new words' lexemes and positions
  const [row] = rowsOf<{ version: string | number; catalog: string | number; parts: Record<string, [string, number][] | null> | string | null }>(
    await db.execute(
      unknown.length === 0
        ? sql`select ${versions}, null as parts`
        : sql`select ${versions},
      (select json_object_agg(w, (select json_agg(json_build_array(t.lexeme, p - 1) order by p, t.lexeme)
          from unnest(to_tsvector('russian', w)) t, unnest(t.positions) p))
        from unnest(${sql.param(unknown)}::text[]) w) as parts`,
    ),
  );
  const found = (typeof row?.parts === 'string' ? JSON.parse(row.parts) : (row?.parts ?? {})) as Record<string, WordParts | null>;
  if (stemsKnown.size + unknown.length > STEMS_KEPT) stemsKnown.clear();
  for (const w of unknown) {
    const parts = found[w] ?? [];
    const stem = parts.map(([l]) => l).sort(byCodePoint)[0] ?? null;
    stemsKnown.set(w, { stem, parts });
  }
  return {
    version: Number(row?.version ?? 0),
    catalog: Number(row?.catalog ?? 0),
    stems: new Map(words.map((w) => [w, stemsKnown.get(w)?.stem ?? null])),
  };
}

/** The parts of words stemmed before (probe): undefined for a word not stemmed yet. */
export const partsKnown = (word: string): WordParts | undefined => stemsKnown.get(word)?.parts;

/** Per database: the probe not sent yet (the queries arriving meanwhile join it) and the one in flight. */
const probes = new WeakMap<Database, { next: { words: Set<string>; answer: Promise<Probe> } | null; inFlight: Promise<unknown> }>();

/**
 * The index's version and the words' lexemes. One probe is in flight per database at a time; the queries that arrive
 * meanwhile share the next one (one statement for all of them, as a DataLoader batches — on PGlite's one connection
 * the statements would queue anyway). Each query is still answered by a statement that started after it arrived, so
 * a write committed before a query is always seen by it.
 */
export function probe(db: Database, words: string[]): Promise<Probe> {
  let state = probes.get(db);
  if (!state) probes.set(db, (state = { next: null, inFlight: Promise.resolve() }));
  if (state.next) {
    for (const w of words) state.next.words.add(w);
    return state.next.answer;
  }
  const own = state;
  const batch = { words: new Set(words), answer: Promise.resolve() as unknown as Promise<Probe> };
  batch.answer = own.inFlight
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => {
      own.next = null;
      return probeNow(db, [...batch.words]);
    });
  own.next = batch;
  own.inFlight = batch.answer.catch(() => undefined);
  return batch.answer;
}

/** Something built from the index and kept per database until the index's version moves (one build at a time). */
export function perVersion<T>(build: (db: Database, version: number) => Promise<T>) {
  const kept = new WeakMap<Database, { version: number; value: Promise<T> }>();
  return (db: Database, version: number): Promise<T> => {
    const have = kept.get(db);
    if (have && have.version >= version) return have.value;
    const value = build(db, version);
    kept.set(db, { version, value });
    // a failed build is not kept: the next call tries again
    value.catch(() => kept.get(db)?.value === value && kept.delete(db));
    return value;
  };
}

/**
 * The vocabulary as of `version`. Read after the version (so never older than it): a write committed in between only
 * makes it newer, and the next version read loads it again.
 */
export const lexiconOf = perVersion(async (db, version) => {
  const [terms, synonyms] = await Promise.all([
    db.execute(sql`select term, lexeme, weight from search_terms`),
    db.execute(sql`select term, expansion from search_synonyms`),
  ]);
  return new Lexicon(
    version,
    rowsOf<{ term: string; lexeme: string; weight: number }>(terms),
    rowsOf<{ term: string; expansion: string }>(synonyms),
  );
});
