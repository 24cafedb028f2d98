import { http } from '@excursio/shared';
import type { SearchQuery, SearchResponse, SuggestResponse } from '@excursio/shared';
import { PUBLIC } from './paths';

/** Search: suggestions for what the visitor types, and the results page. */
export const searchApi = {
  suggest: (q: string, signal?: AbortSignal) => http.request<SuggestResponse>('GET', `${PUBLIC}/search/suggest`, { query: { q }, signal }),
  results: (query: SearchQuery, signal?: AbortSignal) => http.request<SearchResponse>('GET', `${PUBLIC}/search`, { query, signal }),
};
