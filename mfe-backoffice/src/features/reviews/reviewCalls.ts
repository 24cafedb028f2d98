import { http, type StaffReviewListQuery, type StaffReviewListResponse, type StaffReviewResponse } from '@excursio/shared';
import { STAFF_API } from '../../components/staffCalls';

const R = `${STAFF_API}/reviews`;

export const reviewCalls = {
  reviews: (query: StaffReviewListQuery) => http.request<StaffReviewListResponse>('GET', R, { query: { ...query } }),
  hide: (id: number, reason: string) => http.request<StaffReviewResponse>('POST', `${R}/${id}/hide`, { body: { reason } }),
  restore: (id: number, reason: string) => http.request<StaffReviewResponse>('POST', `${R}/${id}/restore`, { body: { reason } }),
  dismissFlags: (id: number) => http.request<StaffReviewResponse>('POST', `${R}/${id}/dismiss-flags`),
};
