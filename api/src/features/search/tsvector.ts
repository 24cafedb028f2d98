import { byCodePoint, type WordParts } from './lexicon';
import { phraseQuery, type Alternative, type Understood } from './understand';
import { words } from './text';

// PostgreSQL's full-text match and rank in memory (issue 31, speed): a document's tsvector as its text output gives it,
// the russian tsquery the engine would run (understand.ts: groups of alternatives, each a phrase of words), `@@` and
// ts_rank('{0.05, 0.2, 0.4, 1}', …) with the same arithmetic as tsrank.c (float4 steps, the same loops in the same
// order), so that the results page ranks in the api process what the database ranked, without a statement per query.

/** A tsvector: its lexemes in PostgreSQL's order, and each one's positions (position × 4 + weight: D 0 … A 3). */
export interface DocVector {
  lexemes: string[];
  /** lexeme i's positions are positions[starts[i]] … positions[starts[i + 1] - 1], ascending. */
  starts: Int32Array;
  positions: Int32Array;
}

const WEIGHT: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** Lexemes seen (the copies of one lexeme in many documents are one string). */
const interned = new Map<string, string>();
const intern = (s: string) => {
  const have = interned.get(s);
  if (have !== undefined) return have;
  if (interned.size < 1_000_000) interned.set(s, s);
  return s;
};

/** A tsvector's text output (`'кремл':1A,13B 'москв':7B`) read back. */
export function parseTsvector(text: string): DocVector {
  const lexemes: string[] = [];
  const starts: number[] = [];
  const positions: number[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i += 1;
      continue;
    }
    // a quoted lexeme: '' is a quote, a backslash escapes the next character
    let lexeme = '';
    i += 1;
    for (;;) {
      const c = text[i];
      if (c === undefined) break;
      if (c === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
      } else if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else {
          i += 1;
          break;
        }
      } else {
        lexeme += c;
        i += 1;
      }
    }
    lexemes.push(intern(lexeme));
    starts.push(positions.length);
    if (text[i] === ':') {
      i += 1;
      for (;;) {
        let n = 0;
        while (i < text.length && text[i]! >= '0' && text[i]! <= '9') n = n * 10 + text.charCodeAt(i++) - 48;
        const w = WEIGHT[text[i] ?? ''];
        if (w !== undefined) i += 1;
        positions.push(n * 4 + (w ?? 0));
        if (text[i] === ',') i += 1;
        else break;
      }
    }
  }
  starts.push(positions.length);
  // the output is in the tsvector's order already; sorted again in case (binary searches rely on it)
  for (let k = 1; k < lexemes.length; k++) {
    if (byCodePoint(lexemes[k - 1]!, lexemes[k]!) >= 0) return resort(lexemes, starts, positions);
  }
  return { lexemes, starts: Int32Array.from(starts), positions: Int32Array.from(positions) };
}

function resort(lexemes: string[], starts: number[], positions: number[]): DocVector {
  const order = lexemes.map((_, k) => k).sort((a, b) => byCodePoint(lexemes[a]!, lexemes[b]!));
  const out: DocVector = { lexemes: [], starts: new Int32Array(lexemes.length + 1), positions: new Int32Array(positions.length) };
  let at = 0;
  order.forEach((k, n) => {
    out.lexemes.push(lexemes[k]!);
    out.starts[n] = at;
    for (let p = starts[k]!; p < starts[k + 1]!; p++) out.positions[at++] = positions[p]!;
  });
  out.starts[order.length] = at;
  return out;
}

/** The first lexeme ≥ `s` (binary search). */
function lowerBound(lexemes: string[], s: string): number {
  let lo = 0;
  let hi = lexemes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lexemes[mid]! < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One operand of a tsquery: a lexeme, or (prefix) any lexeme it starts. */
export interface Operand {
  lexeme: string;
  prefix: boolean;
}

/** The entries of a document an operand finds (tsrank.c find_wordentry): their indexes in `lexemes`. */
export function entriesOf(v: DocVector, op: Operand): number[] {
  const at = lowerBound(v.lexemes, op.lexeme);
  if (!op.prefix) return v.lexemes[at] === op.lexeme ? [at] : [];
  const out: number[] = [];
  for (let k = at; k < v.lexemes.length && v.lexemes[k]!.startsWith(op.lexeme); k++) out.push(k);
  return out;
}

/** A phrase: operands at offsets from the first (0); a single operand is a phrase of one. */
export interface Phrase {
  items: (Operand & { offset: number })[];
}

/**
 * A compiled tsquery as to_tsquery('russian', …) leaves it: AND (or OR) of groups, each an OR of phrases; stop words
 * dropped (a phrase's inner ones widen its gaps, as `<2>`), empty phrases and groups dropped.
 */
export interface CompiledQuery {
  /** Each group's phrases (a group may be empty: only stop words). */
  groups: Phrase[][];
}

/** Words whose parts are not known yet (to stem them first: lexicon.ts probe). */
export function wordsOfAlternatives(alternatives: Alternative[][]): string[] {
  return [...new Set(alternatives.flatMap((alts) => alts.flatMap((alt) => words(alt.text))))];
}

/** An alternative as the phrase to_tsquery makes of `'w1' <-> 'w2' …` (the last word's lexemes prefixes when typed). */
function phraseOf(alt: Alternative, partsOf: (word: string) => WordParts): Phrase {
  const ws = words(alt.text);
  const items: Phrase['items'] = [];
  let at = 0;
  ws.forEach((w, i) => {
    const parts = partsOf(w);
    const prefix = !!alt.prefix && i === ws.length - 1;
    let width = 0;
    for (const [lexeme, offset] of parts) {
      items.push({ lexeme, prefix, offset: at + offset });
      width = Math.max(width, offset);
    }
    // a stop word (no lexeme) still takes its place in the phrase
    at += width + 1;
  });
  const first = items[0]?.offset ?? 0;
  return { items: items.map((it) => ({ ...it, offset: it.offset - first })) };
}

/** The groups of the understood text as compiled phrases (each group's alternatives as groupQuery dedups them). */
export function compile(understood: Understood, partsOf: (word: string) => WordParts): CompiledQuery {
  const groups = understood.alternatives
    .map((alts) => {
      const seen = new Set<string>();
      return alts.filter((alt) => {
        const key = phraseQuery(alt);
        if (!key || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    // groupQuery's empty groups are not in the query at all
    .filter((alts) => alts.length > 0)
    .map((alts) => alts.map((alt) => phraseOf(alt, partsOf)).filter((p) => p.items.length > 0));
  return { groups };
}

/** The positions (without weight) where an operand is in the document, ascending, deduplicated. */
function positionsOf(v: DocVector, op: Operand): number[] {
  const entries = entriesOf(v, op);
  if (entries.length === 1) {
    const k = entries[0]!;
    const out: number[] = [];
    for (let p = v.starts[k]!; p < v.starts[k + 1]!; p++) out.push(v.positions[p]! >> 2);
    return out;
  }
  const set = new Set<number>();
  for (const k of entries) for (let p = v.starts[k]!; p < v.starts[k + 1]!; p++) set.add(v.positions[p]! >> 2);
  return [...set].sort((a, b) => a - b);
}

/** Does the document hold the phrase (its operands at their offsets from some position)? */
export function holdsPhrase(v: DocVector, phrase: Phrase): boolean {
  const [first, ...rest] = phrase.items;
  if (!first) return false;
  if (rest.length === 0) return entriesOf(v, first).length > 0;
  const others = rest.map((it) => ({ offset: it.offset, at: new Set(positionsOf(v, it)) }));
  if (others.some((o) => o.at.size === 0)) return false;
  return positionsOf(v, first).some((p) => others.every((o) => o.at.has(p + o.offset)));
}

export const holdsGroup = (v: DocVector, group: Phrase[]) => group.some((p) => holdsPhrase(v, p));

/** `@@` of the AND (all) or OR (any) of the groups; a query with no lexeme matches nothing. */
export function matches(v: DocVector, query: CompiledQuery, all: boolean): boolean {
  const groups = query.groups.filter((g) => g.length > 0);
  if (groups.length === 0) return false;
  return all ? groups.every((g) => holdsGroup(v, g)) : groups.some((g) => holdsGroup(v, g));
}

// ts_rank with the weights '{0.05, 0.2, 0.4, 1}' (D, C, B, A) and no normalization: tsrank.c's float4 arithmetic.
const f = Math.fround;
const WEIGHTS = [f(0.05), f(0.2), f(0.4), f(1)];
const wpos = (encoded: number) => WEIGHTS[encoded & 3]!;

function wordDistance(w: number): number {
  if (w > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2)));
}

/** The query's operands sorted and deduplicated by lexeme (tsrank.c SortAndUniqItems; the first kept on a tie). */
function uniqueOperands(query: CompiledQuery, all: boolean): { items: Operand[]; and: boolean } {
  const groups = query.groups.filter((g) => g.length > 0);
  const operands = groups.flatMap((g) => g.flatMap((p) => p.items));
  const sorted = [...operands].sort((a, b) => byCodePoint(a.lexeme, b.lexeme));
  const items = sorted.filter((op, i) => i === 0 || op.lexeme !== sorted[i - 1]!.lexeme);
  // the root operator: AND (or a phrase) ranks by proximity, OR and a lone lexeme by frequency
  const root =
    groups.length >= 2 ? (all ? 'and' : 'or') : groups[0] && groups[0].length >= 2 ? 'or' : (groups[0]?.[0]?.items.length ?? 0) >= 2 ? 'and' : 'or';
  return { items, and: root === 'and' };
}

function rankOr(v: DocVector, items: Operand[]): number {
  let res = 0;
  for (const item of items) {
    for (const k of entriesOf(v, item)) {
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let p = v.starts[k]!, j = 0; p < v.starts[k + 1]!; p++, j++) {
        const w = wpos(v.positions[p]!);
        resj = f(resj + f(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      res = f(res + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
    }
  }
  return items.length > 0 ? f(res / items.length) : res;
}

function rankAnd(v: DocVector, items: Operand[]): number {
  if (items.length < 2) return rankOr(v, items);
  let res = -1;
  const pos: (number | undefined)[] = new Array(items.length).fill(undefined);
  items.forEach((item, i) => {
    for (const k of entriesOf(v, item)) {
      pos[i] = k;
      for (let kk = 0; kk < i; kk++) {
        const other = pos[kk];
        if (other === undefined) continue;
        for (let l = v.starts[k]!; l < v.starts[k + 1]!; l++) {
          for (let p = v.starts[other]!; p < v.starts[other + 1]!; p++) {
            const dist = Math.abs((v.positions[l]! >> 2) - (v.positions[p]! >> 2));
            if (dist) {
              const curw = f(Math.sqrt(f(f(wpos(v.positions[l]!) * wpos(v.positions[p]!)) * wordDistance(dist))));
              res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
  });
  return res;
}

/** ts_rank('{0.05, 0.2, 0.4, 1}', tsv, query) as float4. */
export function tsRank(v: DocVector, query: CompiledQuery, all: boolean): number {
  const { items, and } = uniqueOperands(query, all);
  if (v.lexemes.length === 0 || items.length === 0) return 0;
  const res = and ? rankAnd(v, items) : rankOr(v, items);
  return res < 0 ? f(1e-20) : res;
}

/**
 * round(x::numeric, 1)::float8 of a float4: numeric reads the float4 with 6 significant digits, then rounds half away
 * from zero to tenths.
 */
export function roundTenth(x: number): number {
  const kept = tenths.get(x);
  if (kept !== undefined) return kept;
  const rounded = roundTenthOf(x);
  if (tenths.size >= TENTHS_KEPT) tenths.clear();
  tenths.set(x, rounded);
  return rounded;
}

/** The ranks rounded so far (a float4's rounding repeats across queries; the text conversion is the costly part). */
const tenths = new Map<number, number>();
const TENTHS_KEPT = 100_000;

function roundTenthOf(x: number): number {
  if (!Number.isFinite(x)) return x;
  const text = Number(x.toPrecision(6)).toFixed(8);
  const negative = text.startsWith('-');
  const [whole, frac = ''] = (negative ? text.slice(1) : text).split('.');
  let tenths = Number(whole) * 10 + Number(frac[0] ?? '0');
  if ((frac[1] ?? '0') >= '5') tenths += 1;
  return (negative ? -tenths : tenths) / 10;
}
