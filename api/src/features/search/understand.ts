import type { Database } from '../../db/client';
import { lexiconOf, probe, type Lexicon } from './lexicon';
import { contentWords, hasCyrillic, hasLatin, otherLayout, transliterate, words } from './text';

// Query understanding: which reading of the text (as typed, the other keyboard layout, Latin read as Russian) the
// catalog's vocabulary knows best, each word's typo correction and synonyms, and the tsquery they make.
// One round trip (the index's version and the words' lexemes); the vocabulary is in memory (lexicon.ts).

/** One word (or phrase) a query word may match. */
export interface Alternative {
  text: string;
  /** Matches words starting with it (the word being typed). */
  prefix?: boolean;
}

/** What the engine searches: a tsquery (russian configuration) that every hit must match, and how it was read. */
export interface Understood {
  /** `russian` tsquery source: groups of alternatives, AND-ed. Empty: nothing to search. */
  all: string;
  /** The same groups OR-ed: when no document has them all. */
  any: string;
  /** Each group alone (a document matching more of them ranks higher when any of them may match). */
  groups: string[];
  /** `simple` tsquery of the words as read (no forms, no corrections): exact matches rank first. */
  exact: string;
  /** The words as read (corrected), joined: phrase matches of names. */
  phrase: string;
  /** The query the results are for, when it is not what was typed («rfpfym» → «казань», «эрмитж» → «эрмитаж»). */
  corrected: string | null;
  /** Some word was replaced by a typo correction (its hits rank below exact and word-form hits). */
  fuzzy: boolean;
  /** The words of every reading (for the nearest destinations of an empty answer). */
  tried: string[];
  /** The groups as alternatives (the suggestion index matches them in memory). */
  alternatives: Alternative[][];
  /** The russian lexeme of each word of the alternatives. */
  lexemes: Map<string, string>;
  /** The words of the alternatives the russian dictionary drops (stop words: no lexeme, they match nothing). */
  stopWords: Set<string>;
  /** The search index's version read (0: not read). */
  version: number;
  /** The catalog's version read with it (0: not read). */
  catalog: number;
}

export const NOTHING: Understood = {
  all: '', any: '', groups: [], exact: '', phrase: '', corrected: null, fuzzy: false, tried: [], alternatives: [], lexemes: new Map(), stopWords: new Set(), version: 0, catalog: 0,
};

interface WordInfo {
  w: string;
  /** The exact word or one of its forms is in the vocabulary. */
  known: boolean;
  /** The most used vocabulary word starting with it. */
  completion: string | null;
  /** The closest vocabulary word or synonym by trigrams. */
  fix: string | null;
  similarity: number;
  /** When `fix` is a synonym: what it stands for. */
  fixExpansion: string | null;
}

type Reading = { kind: 'typed' | 'layout' | 'translit'; words: string[] };

/**
 * The readings of a text worth trying; the typed one first. A reading on the other keyboard layout is dropped when it
 * has more words than the text as typed: six keys that are letters on one layout are punctuation on the other
 * (х ъ ж э б ю), so a word meant on this layout falls apart there — «щъбвбцхфц» read «o],d,w[aw» is «д ав», which
 * matched 43 excursions. A word typed on the wrong layout keeps its one piece («rfpfym» → «казань»).
 */
export function readings(text: string): Reading[] {
  const typed = contentWords(text);
  const out: Reading[] = [{ kind: 'typed', words: typed }];
  const swapped = otherLayout(text);
  const whole = (reading: Reading) => reading.words.length <= Math.max(1, typed.length);
  if (hasLatin(text)) {
    out.push({ kind: 'translit', words: contentWords(transliterate(text)) });
    out.push({ kind: 'layout', words: contentWords(swapped) });
  } else if (hasCyrillic(text)) {
    const layout: Reading = { kind: 'layout', words: contentWords(swapped) };
    if (whole(layout)) out.push(layout, { kind: 'translit', words: contentWords(transliterate(swapped)) });
  }
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = r.words.join(' ');
    if (r.words.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const MIN_FIX_SIMILARITY = 0.3;

/** Edits allowed for a typo correction: 1 up to 5 letters, 2 up to 9, 3 beyond (as Typesense and Meilisearch do). */
const allowedEdits = (length: number) => (length <= 5 ? 1 : length <= 9 ? 2 : 3);

/** Damerau–Levenshtein distance (optimal string alignment): insertions, deletions, substitutions, transpositions. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
  for (let j = 1; j <= y.length; j++) d[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** The trigram candidate within the allowed edits of the word: fewest edits, then the most similar. */
function closest<T extends { term: string; sim: number }>(word: string, candidates: readonly T[]): T | undefined {
  const allowed = allowedEdits([...word].length);
  return candidates
    .map((c) => ({ c, edits: editDistance(word, c.term) }))
    .filter(({ edits }) => edits <= allowed)
    .sort((a, b) => a.edits - b.edits || b.c.sim - a.c.sim)[0]?.c;
}

/** Each word's entry: known, its completion and typo correction, all from the vocabulary in memory. */
function lookUp(lexicon: Lexicon, stems: Map<string, string | null>, list: string[], ngrams: string[]) {
  const byWord = new Map<string, WordInfo>();
  for (const w of list) {
    const length = [...w].length;
    const known = lexicon.known(w, stems.get(w));
    // a known word (or synonym) is never corrected: its typo candidates are not looked for
    const fix = !known && length >= 4 ? closest(w, lexicon.corrections(w)) : undefined;
    byWord.set(w, {
      w,
      known,
      completion: length >= 2 ? lexicon.completion(w) : null,
      fix: fix?.term ?? null,
      similarity: fix ? fix.sim : 0,
      fixExpansion: fix?.expansion ?? null,
    });
  }
  const synonymOf = new Map<string, string[]>();
  for (const n of ngrams) {
    const expansions = lexicon.synonymsOf(n);
    if (expansions) synonymOf.set(n, expansions);
  }
  return { byWord, synonymOf };
}

/** How well the vocabulary knows a reading: 0 … 1. */
function quality(reading: Reading, byWord: Map<string, WordInfo>, synonymOf: Map<string, string[]>): number {
  let score = 0;
  reading.words.forEach((w, i) => {
    const info = byWord.get(w);
    const last = i === reading.words.length - 1;
    if (info?.known || synonymOf.has(w)) score += 1;
    else if (info?.fix && info.similarity >= 0.5) score += 0.6;
    else if (last && info?.completion) score += 0.6;
    else if (info?.fix && info.similarity >= MIN_FIX_SIMILARITY) score += 0.4;
  });
  return score / Math.max(1, reading.words.length);
}

const quote = (word: string) => `'${word}'`;
/** A word or phrase as a tsquery: its words in order. Words hold only letters, digits and hyphens (text.ts). */
export function phraseQuery(alt: Alternative): string {
  const parts = words(alt.text);
  if (parts.length === 0) return '';
  const last = parts.length - 1;
  return parts.map((p, i) => (alt.prefix && i === last ? `${quote(p)}:*` : quote(p))).join(' <-> ');
}
function groupQuery(alts: Alternative[]): string {
  const parts = [...new Set(alts.map(phraseQuery).filter(Boolean))];
  return parts.length > 1 ? `(${parts.join(' | ')})` : (parts[0] ?? '');
}

/**
 * Reads a query: the best reading, typo corrections, synonyms, and the tsqueries to run.
 * `typing`: the last word may be unfinished (suggestions): it also matches words it starts.
 */
export async function understand(db: Database, text: string, options: { typing?: boolean } = {}): Promise<Understood> {
  const all = readings(text.replace(/\0/g, ''));
  if (all.length === 0) return NOTHING;
  const ngramsOf = (r: Reading) => [
    ...r.words,
    ...r.words.slice(1).map((w, i) => `${r.words[i]} ${w}`),
    ...r.words.slice(2).map((w, i) => `${r.words[i]} ${r.words[i + 1]} ${w}`),
  ];
  // Every reading's words at once (the vocabulary is in memory): one round trip for the index's version and the words'
  // russian lexemes. Latin typed is also read as Russian word by word (titles are Russian, slugs Latin).
  const typedLatin = hasLatin(text) ? all[0]!.words.map(transliterate) : [];
  const list = [...new Set([...all.flatMap((r) => r.words), ...typedLatin])];
  const { version, catalog, stems } = await probe(db, list);
  const lexicon = await lexiconOf(db, version);
  const { byWord, synonymOf } = lookUp(lexicon, stems, list, [...new Set(all.flatMap(ngramsOf))]);

  // The typed reading unless another one is known strictly better (the layout and transliteration are tried when the
  // text as typed finds little). Latin typed is also read as Russian word by word (titles are Russian, slugs Latin).
  const scored = all.map((r) => ({ r, q: quality(r, byWord, synonymOf) }));
  const typed = scored[0]!;
  const best = scored.reduce((a, b) => (b.q > a.q + 0.01 ? b : a), typed);
  const reading = best.r;
  const latinTyped = reading.kind === 'typed' && hasLatin(text);

  /** A word's alternatives: itself when known, the words it starts (being typed), or its typo correction. */
  const resolve = (w: string, last: boolean) => {
    const info = byWord.get(w);
    if (info?.known || synonymOf.has(w)) {
      const alts: Alternative[] = [{ text: w }];
      if (last && options.typing && info?.completion) alts.push({ text: w, prefix: true });
      return { alts, shown: w, fuzzy: false, found: true };
    }
    if (last && info?.completion && (options.typing || !(info.fix && info.similarity >= 0.5))) {
      return { alts: [{ text: w, prefix: true }], shown: w, fuzzy: false, found: true };
    }
    if (info?.fix && info.similarity >= MIN_FIX_SIMILARITY) {
      const alts: Alternative[] = [{ text: info.fix }];
      if (info.fixExpansion) alts.push({ text: info.fixExpansion });
      return { alts, shown: info.fix, fuzzy: true, found: true };
    }
    return { alts: [{ text: w }], shown: w, fuzzy: false, found: false };
  };

  const groups: Alternative[][] = [];
  const used: string[] = [];
  /** The words as read, without typo corrections: exact matches. */
  const exactWords: string[] = [];
  let fuzzy = false;
  let changed = reading.kind === 'layout' || (reading.kind === 'translit' && !hasLatin(text));
  const ws = reading.words;
  for (let i = 0; i < ws.length; ) {
    // a synonym of two or three words («северная столица», «царское село») is one group
    const span = [3, 2].find((n) => i + n <= ws.length && synonymOf.has(ws.slice(i, i + n).join(' ')));
    if (span) {
      const phrase = ws.slice(i, i + span).join(' ');
      groups.push([{ text: phrase }, ...synonymOf.get(phrase)!.map((e) => ({ text: e }))]);
      used.push(phrase);
      exactWords.push(...words(phrase));
      i += span;
      continue;
    }
    const w = ws[i]!;
    const last = i === ws.length - 1;
    const own = resolve(w, last);
    const alts = [...own.alts];
    let shown = own.shown;
    const russian = latinTyped ? transliterate(w) : undefined;
    if (russian && russian !== w) {
      const other = resolve(russian, last);
      if (other.found) {
        alts.push(...other.alts);
        shown = other.shown;
      }
    } else if (own.fuzzy) {
      fuzzy = true;
      changed = true;
    }
    for (const expansion of synonymOf.get(w) ?? []) alts.push({ text: expansion });
    groups.push(alts);
    used.push(shown);
    if (!own.fuzzy || latinTyped) exactWords.push(...words(shown));
    i += 1;
  }

  const parts = groups.map(groupQuery).filter(Boolean);
  const alternativeWords = groups.flatMap((alts) => alts.flatMap((a) => words(a.text)));
  return {
    all: parts.join(' & '),
    any: parts.join(' | '),
    groups: parts,
    exact: exactWords.map(quote).join(' & '),
    phrase: used.join(' '),
    corrected: changed ? used.join(' ') : null,
    fuzzy,
    tried: list,
    alternatives: groups,
    lexemes: new Map(alternativeWords.map((w) => [w, stems.get(w) ?? lexicon.lexemeOf(w) ?? w])),
    stopWords: new Set(alternativeWords.filter((w) => stems.has(w) && stems.get(w) === null)),
    version,
    catalog,
  };
}
