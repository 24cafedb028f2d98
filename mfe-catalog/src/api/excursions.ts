import { http } from '@excursio/shared';
import type {
  ExcursionCardsResponse,
  ExcursionDetailResponse,
  ExcursionEventsResponse,
  ExcursionListQuery,
  ExcursionListResponse,
} from '@excursio/shared';
import { PUBLIC, seg } from './paths';

/** The excursions: the filtered list, the popular ones, one excursion and its dates. */
export const excursionsApi = {
  excursions: (query: ExcursionListQuery = {}, signal?: AbortSignal) =>
    http.request<ExcursionListResponse>('GET', `${PUBLIC}/excursions`, { query, signal }),
  popularExcursions: (limit = 8) => http.request<ExcursionCardsResponse>('GET', `${PUBLIC}/excursions/popular`, { query: { limit } }),
  excursion: (regionSlug: string, citySlug: string, excursionSlug: string) =>
    http.request<ExcursionDetailResponse>('GET', `${PUBLIC}/excursion/${seg(regionSlug)}/${seg(citySlug)}/${seg(excursionSlug)}`),
  excursionEvents: (excursionId: number) => http.request<ExcursionEventsResponse>('GET', `${PUBLIC}/excursions/${excursionId}/events`),
};
