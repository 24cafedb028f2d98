import { http, type PartnerReviewResponse, type PartnerReviewsQuery, type PartnerReviewsResponse, type StatusResponse } from '@excursio/shared';

const R = '/api/excursion/partner/reviews';

/** The calls of the partner's reviews page. */
export const reviewsCalls = {
  reviews: (query: PartnerReviewsQuery) => http.request<PartnerReviewsResponse>('GET', R, { query: { ...query } }),
  reply: (reviewId: number, text: string) => http.request<PartnerReviewResponse>('POST', `${R}/${reviewId}/reply`, { body: { text } }),
  /** «Пожаловаться»: the back office's moderators look at the review (again: the reason is replaced). */
  flag: (reviewId: number, reason: string) => http.request<StatusResponse>('POST', `${R}/${reviewId}/flag`, { body: { reason } }),
};
