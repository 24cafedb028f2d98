import { http } from '@excursio/shared';
import type { PlaceReviewsResponse } from '@excursio/shared';
import { PUBLIC, segments } from './paths';

/** Reviews: those of a place or an excursion, by pages. */
export const reviewsApi = {
  /** `slug` = `{region}`, `{region}/{city}` or `{region}/{city}/{excursion}`. */
  placeReviews: (slug: string, page = 1, perPage = 10) =>
    http.request<PlaceReviewsResponse>('GET', `${PUBLIC}/reviews/${segments(slug)}`, { query: { page, per_page: perPage } }),
};
