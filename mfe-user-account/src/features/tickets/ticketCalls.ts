import { http, type OrderListResponse } from '@excursio/shared';

/** The call of the «Билеты» page: the customer's orders, newest first (spec §7). */
export const ticketCalls = {
  orders: (page: number, perPage: number) =>
    http.request<OrderListResponse>('GET', '/api/excursion/user/order', { query: { page, per_page: perPage } }),
};
