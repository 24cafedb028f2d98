import { http, type EditReviewBody, type MyReviewResponse, type MyReviewsResponse, type NewReviewBody } from '@excursio/shared';

const R = '/api/excursion/user/reviews';

/** The calls of the reviews page: my reviews and the orders awaiting one, write, edit. */
export const reviewCalls = {
  list: () => http.request<MyReviewsResponse>('GET', R),
  write: (body: NewReviewBody) => http.request<MyReviewResponse>('POST', R, { body }),
  edit: (id: number, body: EditReviewBody) => http.request<MyReviewResponse>('PUT', `${R}/${id}`, { body }),
};
