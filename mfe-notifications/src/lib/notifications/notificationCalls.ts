import { http, type HttpClient } from '@excursio/shared';
import type { NotificationCatchUp, NotificationPage, NotificationUnread } from '@excursio/shared/contracts';

const BASE = '/api/excursion/notification';
/** The most one catch-up answer holds (the api's CATCH_UP_LIMIT): a full one means more is waiting. */
export const CATCH_UP_LIMIT = 100;

export interface NotificationCalls {
  list(page: number, unviewedOnly: boolean, signal?: AbortSignal): Promise<NotificationPage>;
  /** What arrived after `afterId`, oldest first, and the unread count. */
  since(afterId: number): Promise<NotificationCatchUp>;
  unreadCount(): Promise<NotificationUnread>;
  setViewed(): Promise<unknown>;
  markViewed(id: number): Promise<unknown>;
}

export function createNotificationCalls(client: HttpClient): NotificationCalls {
  return {
    list: (page, unviewedOnly, signal) =>
      client.request<NotificationPage>('GET', BASE, { query: { page, viewed: unviewedOnly ? 'false' : undefined }, signal }),
    since: (afterId) => client.request<NotificationCatchUp>('GET', `${BASE}/since`, { query: { after_id: afterId } }),
    unreadCount: () => client.request<NotificationUnread>('GET', `${BASE}/unread-count`),
    setViewed: () => client.request('POST', `${BASE}/set-viewed`),
    markViewed: (id) => client.request('POST', `${BASE}/${id}/viewed`),
  };
}

export const notificationCalls = createNotificationCalls(http);
