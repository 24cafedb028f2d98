import type { TextPart } from '@excursio/shared/contracts';
import type { Understood } from './understand';
import { searchForm, words } from './text';

// The words of a hit's title and description marked by the query, in memory (issue 31, speed): ts_headline parses and
// stems the whole description of every hit on the page, which was most of a results page's time on PGlite. Here a text
// word's russian lexeme comes from the vocabulary in memory (search_terms: every word of the indexed texts with its
// lexeme, computed by the database's stemmer when the text was indexed), so the marks are the ones ts_headline made:
// a word is marked when its lexeme is one of the query's (or starts with the word being typed).

/** A text's word's lexeme (the vocabulary's; undefined: not in it). */
export type LexemeOf = (word: string) => string | undefined;

/** What marks a word: the lexemes of every alternative of every group, and the prefixes (words being typed). */
export interface Marker {
  lexemes: Set<string>;
  prefixes: string[];
  /** Per group, its alternatives as lists of lexemes (all of one alternative's words: the group is in a text). */
  groups: { lexeme: string; prefix: boolean }[][][];
}

/**
 * The marker of a query: each word's lexeme (a hyphenated word's parts' lexemes: the parser marks the parts); the
 * words the russian dictionary drops (stop words such as «один») mark nothing, as in the tsquery.
 */
export function markerOf(understood: Understood, lexemeOf: LexemeOf): Marker {
  const lexemes = new Set<string>();
  const prefixes: string[] = [];
  const groups = understood.alternatives.map((alts) =>
    alts.map((alt) => {
      const ws = words(alt.text).filter((w) => !understood.stopWords.has(w));
      return ws.flatMap((w, i) => {
        const prefix = !!alt.prefix && i === ws.length - 1;
        const parts = w.includes('-') ? w.split('-').map((p) => lexemeOf(p) ?? p) : [understood.lexemes.get(w) ?? w];
        for (const lexeme of parts) {
          if (prefix) prefixes.push(lexeme);
          else lexemes.add(lexeme);
        }
        return parts.map((lexeme) => ({ lexeme, prefix }));
      });
    }),
  );
  return { lexemes, prefixes, groups };
}

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

interface Token {
  start: number;
  end: number;
  lexeme: string;
}

/**
 * The texts' tokens per vocabulary (a LexemeOf kept as long as its vocabulary: Lexicon.lexemeOfWord): a description is
 * read into words once per version of the vocabulary, not for every page it is on (at most TOKEN_TEXTS texts kept).
 */
const tokenMemo = new WeakMap<LexemeOf, Map<string, Token[]>>();
const TOKEN_TEXTS = 20_000;

/** The words of a text with their lexemes; a hyphenated word's parts are words of their own (as the parser's). */
function tokensOf(text: string, lexemeOf: LexemeOf): Token[] {
  let memo = tokenMemo.get(lexemeOf);
  if (!memo) tokenMemo.set(lexemeOf, (memo = new Map()));
  const have = memo.get(text);
  if (have) return have;
  const out = readTokens(text, lexemeOf);
  if (memo.size >= TOKEN_TEXTS) memo.clear();
  memo.set(text, out);
  return out;
}

function readTokens(text: string, lexemeOf: LexemeOf): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    let at = m.index;
    for (const part of m[0].split('-')) {
      const form = searchForm(part);
      out.push({ start: at, end: at + part.length, lexeme: lexemeOf(form) ?? form });
      at += part.length + 1;
    }
  }
  return out;
}

const hits = ({ lexeme }: Token, marker: Marker) => marker.lexemes.has(lexeme) || marker.prefixes.some((p) => lexeme.startsWith(p));

/** A text from `from` to `to` as parts, its marked tokens as matches. */
function partsBetween(text: string, tokens: Token[], marked: boolean[], from: number, to: number): TextPart[] {
  const parts: TextPart[] = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const prev = parts[parts.length - 1];
    if (prev && prev.match === match) prev.text += piece;
    else parts.push({ text: piece, match });
  };
  let at = from;
  tokens.forEach((t, i) => {
    if (!marked[i] || t.start < from || t.end > to) return;
    push(text.slice(at, t.start), false);
    push(text.slice(t.start, t.end), true);
    at = t.end;
  });
  push(text.slice(at, to), false);
  return parts;
}

/** The whole text (a title) with every word of the query marked. */
export function markAll(text: string, marker: Marker, lexemeOf: LexemeOf): TextPart[] {
  const tokens = tokensOf(text, lexemeOf);
  return partsBetween(text, tokens, tokens.map((t) => hits(t, marker)), 0, text.length);
}

/** At most this many words in a snippet (ts_headline's MaxWords of the results page before). */
const SNIPPET_WORDS = 22;

/**
 * A fragment of a description where the query's words are (empty: the description does not hold the query — every
 * group when `all`, else one of them): the window of SNIPPET_WORDS words holding the most marked words, the marked
 * words centred in it.
 */
export function snippetOf(text: string, marker: Marker, lexemeOf: LexemeOf, all: boolean): TextPart[] {
  const tokens = tokensOf(text, lexemeOf);
  const marked = tokens.map((t) => hits(t, marker));
  if (!marked.some(Boolean)) return [];
  const has = (part: { lexeme: string; prefix: boolean }) =>
    tokens.some((t) => (part.prefix ? t.lexeme.startsWith(part.lexeme) : t.lexeme === part.lexeme));
  // a group of stop words only (no lexeme) is in every text, as the tsquery drops it
  const held = marker.groups.map((alts) => alts.every((alt) => alt.length === 0) || alts.some((alt) => alt.length > 0 && alt.every(has)));
  if (all ? !held.every(Boolean) : !held.some(Boolean)) return [];
  // the window with the most marked words (the first of equals), then its marked span centred in SNIPPET_WORDS words
  const at = marked.flatMap((m, i) => (m ? [i] : []));
  let best = { count: 0, first: at[0]!, last: at[0]! };
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= SNIPPET_WORDS) j++;
    if (i - j + 1 > best.count) best = { count: i - j + 1, first: at[j]!, last: at[i]! };
  }
  const pad = SNIPPET_WORDS - (best.last - best.first + 1);
  let first = Math.max(0, best.first - Math.floor(pad / 2));
  const last = Math.min(tokens.length - 1, first + SNIPPET_WORDS - 1);
  first = Math.max(0, Math.min(first, last - SNIPPET_WORDS + 1));
  return partsBetween(text, tokens, marked, tokens[first]!.start, tokens[last]!.end);
}
