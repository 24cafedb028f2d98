import { http } from '@excursio/shared';
import type { PlaceReviewsResponse, ReviewCardsResponse } from '@excursio/shared';
import { PUBLIC, segments } from './paths';

/** Reviews: the freshest ones and those of a place or an excursion, by pages. */
export const reviewsApi = {
  freshReviews: (limit = 6) => http.request<ReviewCardsResponse>('GET', `${PUBLIC}/reviews/fresh`, { query: { limit } }),
  /** `slug` = `{region}`, `{region}/{city}` or `{region}/{city}/{excursion}`. */
  placeReviews: (slug: string, page = 1, perPage = 10) =>
    http.request<PlaceReviewsResponse>('GET', `${PUBLIC}/reviews/${segments(slug)}`, { query: { page, per_page: perPage } }),
};
