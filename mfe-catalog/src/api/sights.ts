import { http } from '@excursio/shared';
import type { SightCardsResponse, SightResponse } from '@excursio/shared';
import { PUBLIC, segments } from './paths';

/** Sights: the most visited ones and a sight's page. */
export const sightsApi = {
  popularSights: (limit = 8) => http.request<SightCardsResponse>('GET', `${PUBLIC}/sights/popular`, { query: { limit } }),
  /** `slug` may span several segments (`a/b`). */
  sight: (slug: string) => http.request<SightResponse>('GET', `${PUBLIC}/sight/${segments(slug)}`),
};
