// Query text: the search form, words, stop words, the other keyboard layout and Latin transliteration. Pure functions;
// the vocabulary, typo corrections and synonyms are looked up in the database (understand.ts).

/** Lowercase, ё → е: the form both sides of a search are compared in (SQL: search_form(), migration 0022_search). */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** At most this much of a query is read (a longer one is cut, not refused). */
export const MAX_QUERY_CHARS = 200;
/** At most this many words of a query are searched. */
export const MAX_QUERY_WORDS = 8;

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** The words of a text in search form: letters and digits (a hyphenated word stays one), control characters dropped. */
export function words(text: string): string[] {
  const clean = searchForm(text.slice(0, MAX_QUERY_CHARS));
  return (clean.match(WORD) ?? []).map((w) => w.slice(0, 60)).slice(0, 3 * MAX_QUERY_WORDS);
}

// Words that say nothing about what to find: prepositions and conjunctions, and the catalog's own vocabulary
// («экскурсия», «тур»): every document is an excursion, so they would only dilute the ranking.
const STOP_WORDS = new Set(
  (
    'в во на по и с со из к ко у о об обо от до за для при про над под без через а но или ли же что где куда как ' +
    'какие какой посмотреть сходить поехать съездить хочу найти тур туры тура туров экскурсовод ' +
    'the a an of in on to at for and or tour tours excursion excursions trip'
  ).split(' '),
);
const STOP_PATTERN = /^экскурси/;

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word) || STOP_PATTERN.test(word);
}

/** The words worth searching: stop words dropped, unless nothing else is left. */
export function contentWords(text: string): string[] {
  const all = words(text);
  const kept = all.filter((w) => !isStopWord(w));
  return (kept.length > 0 ? kept : all).slice(0, MAX_QUERY_WORDS);
}

const LATIN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const CYRILLIC_KEYS = 'ёйцукенгшщзхъфывапролджэячсмитьбю';
const toCyrillic = new Map([...LATIN_KEYS].map((k, i) => [k, CYRILLIC_KEYS[i]!]));
const toLatin = new Map([...CYRILLIC_KEYS].map((k, i) => [k, LATIN_KEYS[i]!]));

/**
 * The same keys on the other layout (ЙЦУКЕН ↔ QWERTY): «rfpfym» → «казань», «лфяфт» → «kazan». The punctuation keys
 * that are letters on the other layout ([ ] ; ' , . `) are read too, so the raw text is taken, not its words.
 */
export function otherLayout(text: string): string {
  const lower = text.slice(0, MAX_QUERY_CHARS).toLowerCase();
  const latin = (lower.match(/[a-z]/g) ?? []).length;
  const cyrillic = (lower.match(/[а-яё]/g) ?? []).length;
  const map = latin >= cyrillic ? toCyrillic : toLatin;
  return [...lower].map((c) => map.get(c) ?? c).join('');
}

// Latin → Cyrillic, longest spelling first (the catalog's slugs and what travellers type: «sankt-peterburg», «kazan»,
// «nizhniy novgorod», «ermitazh»).
const TRANSLIT: [string, string][] = [
  ['shch', 'щ'], ['sch', 'щ'], ['dzh', 'дж'], ['iy', 'ий'], ['yy', 'ый'], ['yo', 'ё'], ['yu', 'ю'], ['ya', 'я'],
  ['ye', 'е'], ['ju', 'ю'], ['ja', 'я'], ['jo', 'ё'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['tz', 'ц'], ['ch', 'ч'],
  ['sh', 'ш'], ['ck', 'к'], ['ph', 'ф'], ['th', 'т'], ['ee', 'и'], ['oo', 'у'],
  ['a', 'а'], ['b', 'б'], ['c', 'к'], ['d', 'д'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'], ['i', 'и'],
  ['j', 'й'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['q', 'к'], ['r', 'р'],
  ['s', 'с'], ['t', 'т'], ['u', 'у'], ['v', 'в'], ['w', 'в'], ['x', 'кс'], ['y', 'ы'], ['z', 'з'], ["'", 'ь'],
];

/** Latin letters read as Russian: «kazan» → «казан», «sankt-peterburg» → «санкт-петербург». Other letters stay. */
export function transliterate(text: string): string {
  let out = '';
  let i = 0;
  const lower = text.toLowerCase();
  outer: while (i < lower.length) {
    for (const [latin, cyrillic] of TRANSLIT) {
      if (lower.startsWith(latin, i)) {
        // a final -y after a vowel is й (Андрей: andrey), elsewhere ы
        const isFinalY = latin === 'y' && /[aeiou]/.test(lower[i - 1] ?? '') && !/[a-z]/.test(lower[i + 1] ?? '');
        out += isFinalY ? 'й' : cyrillic;
        i += latin.length;
        continue outer;
      }
    }
    out += lower[i];
    i += 1;
  }
  return out;
}

export const hasLatin = (text: string) => /[a-z]/i.test(text);
export const hasCyrillic = (text: string) => /[а-яё]/i.test(text);
