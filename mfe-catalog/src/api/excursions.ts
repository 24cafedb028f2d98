import { http } from '@excursio/shared';
import type {
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
  excursion: (regionSlug: string, citySlug: string, excursionSlug: string) =>
    http.request<ExcursionDetailResponse>('GET', `${PUBLIC}/excursion/${seg(regionSlug)}/${seg(citySlug)}/${seg(excursionSlug)}`),
  excursionEvents: (excursionId: number) => http.request<ExcursionEventsResponse>('GET', `${PUBLIC}/excursions/${excursionId}/events`),
  /** The page's view beacon: the partner's statistics count unique visitors a day (never the owner or a bot). */
  view: (excursionId: number, visitorId: string) =>
    http.request<null>('POST', `${PUBLIC}/excursions/${excursionId}/view`, { body: { visitor_id: visitorId } }),
};
