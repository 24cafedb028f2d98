import type { ExcursionFormat, ExcursionListQuery, ExcursionSort } from '@excursio/shared';

/** The address query of /excursion mirrors the api's list query, so links and the back button just work. */
export const PER_PAGE = 24;

export const SORTS: ReadonlyArray<{ value: ExcursionSort; label: string }> = [
  { value: 'popular', label: 'Сначала популярные' },
  { value: 'price_asc', label: 'Сначала дешевле' },
  { value: 'price_desc', label: 'Сначала дороже' },
  { value: 'rating', label: 'По рейтингу' },
];

export const DURATIONS: ReadonlyArray<{ value: string; label: string; min?: number; max?: number }> = [
  { value: '0-120', label: 'До 2 часов', max: 120 },
  { value: '120-240', label: '2–4 часа', min: 120, max: 240 },
  { value: '240-480', label: '4–8 часов', min: 240, max: 480 },
  { value: '480-', label: 'Больше 8 часов', min: 480 },
];

export const RATINGS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '4.5', label: 'от 4,5' },
  { value: '4', label: 'от 4' },
  { value: '3', label: 'от 3' },
];

export const LANGUAGES = ['ru', 'en', 'de', 'fr', 'es', 'it', 'zh'] as const;

const SLUG = /^[a-z0-9-]{1,240}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function int(value: string | null, max = 10_000_000): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : undefined;
}

function slug(value: string | null): string | undefined {
  return value && SLUG.test(value) ? value : undefined;
}

/** What the api is asked for, read from the address (anything malformed is left out, never sent). */
export function queryFromSearch(params: URLSearchParams): ExcursionListQuery {
  const query: ExcursionListQuery = { per_page: PER_PAGE };
  const set = <K extends keyof ExcursionListQuery>(key: K, value: ExcursionListQuery[K] | undefined) => {
    if (value !== undefined) query[key] = value;
  };
  set('country', slug(params.get('country')));
  set('region', slug(params.get('region')));
  set('city', slug(params.get('city')));
  set('tag', slug(params.get('tag')));
  const date = params.get('date');
  set('date', date && DATE.test(date) ? date : undefined);
  set('price_min', int(params.get('price_min')));
  set('price_max', int(params.get('price_max')));
  set('duration_min', int(params.get('duration_min'), 100_000));
  set('duration_max', int(params.get('duration_max'), 100_000));
  const language = params.get('language');
  set('language', language && /^[a-z]{2,8}$/.test(language) ? language : undefined);
  const format = params.get('format');
  set('format', format === 'group' || format === 'individual' ? (format as ExcursionFormat) : undefined);
  const rating = Number(params.get('rating_min'));
  set('rating_min', params.get('rating_min') && rating > 0 && rating <= 5 ? rating : undefined);
  const q = params.get('q')?.trim();
  set('q', q ? q.slice(0, 200) : undefined);
  const sort = params.get('sort');
  set('sort', SORTS.some((s) => s.value === sort) ? (sort as ExcursionSort) : undefined);
  const page = int(params.get('page'), 100_000);
  set('page', page && page > 1 ? page : undefined);
  return query;
}

/** Filters that narrow the list (not sort, page or size): how many are on. */
export function activeFilterCount(query: ExcursionListQuery): number {
  const keys: (keyof ExcursionListQuery)[] = ['country', 'city', 'tag', 'date', 'language', 'format', 'rating_min', 'q'];
  let n = keys.filter((k) => query[k] !== undefined).length;
  if (query.price_min !== undefined || query.price_max !== undefined) n += 1;
  if (query.duration_min !== undefined || query.duration_max !== undefined) n += 1;
  return n;
}

/** The address after changing some parameters: empty values removed, back to page 1. */
export function changeSearch(current: URLSearchParams, changes: Record<string, string | number | undefined | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The duration bucket the query is in ('' when none matches). */
export function durationValue(query: ExcursionListQuery): string {
  if (query.duration_min === undefined && query.duration_max === undefined) return '';
  return `${query.duration_min ?? 0}-${query.duration_max ?? ''}`;
}
