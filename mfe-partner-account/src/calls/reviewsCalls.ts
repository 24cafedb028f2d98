import { http, type PartnerReviewResponse, type PartnerReviewsQuery, type PartnerReviewsResponse } from '@excursio/shared';

const R = '/api/excursion/partner/reviews';

/** The calls of the partner's reviews page. */
export const reviewsCalls = {
  reviews: (query: PartnerReviewsQuery) => http.request<PartnerReviewsResponse>('GET', R, { query: { ...query } }),
  reply: (reviewId: number, text: string) => http.request<PartnerReviewResponse>('POST', `${R}/${reviewId}/reply`, { body: { text } }),
};
