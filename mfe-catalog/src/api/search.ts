import { http } from '@excursio/shared';
import type { SuggestResponse } from '@excursio/shared';
import { PUBLIC } from './paths';

/** Suggestions (cities and excursions) for what the visitor types. */
export const searchApi = {
  suggest: (q: string, signal?: AbortSignal) => http.request<SuggestResponse>('GET', `${PUBLIC}/search/suggest`, { query: { q }, signal }),
};
