import { http, type ChatUnreadResponse } from '@excursio/shared';

/** The dashboard's own call (the rest come from the orders, reviews and statistics pages' calls). */
export const dashboardCalls = {
  unread: () => http.request<ChatUnreadResponse>('GET', '/api/excursion/chat/unread'),
};
