import { http, type ChatUnreadResponse, type MyReviewsResponse, type OrderListResponse } from '@excursio/shared';

/** What the account's main page shows: recent orders, unread chat messages per order, trips awaiting a review. */
export const dashboardCalls = {
  orders: () => http.request<OrderListResponse>('GET', '/api/excursion/user/order', { query: { page: 1, per_page: 48 } }),
  unreadChats: () => http.request<ChatUnreadResponse>('GET', '/api/excursion/chat/unread'),
  reviews: () => http.request<MyReviewsResponse>('GET', '/api/excursion/user/reviews'),
};
