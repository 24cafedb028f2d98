import type { ChatMessage, ChatParty, ChatThread, Notification, NotificationPage } from '@excursio/shared/contracts';
import type { NotificationCalls } from '../lib/notifications/notificationCalls';

export function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'client_order_confirmed',
    text: `Уведомление ${id}`,
    link: `/account/user/${id}`,
    data: { order_id: id },
    viewed: 0,
    created_at: '2026-05-02T07:00:00.000Z',
    ...overrides,
  };
}

export function page(ids: number[], currentPage: number, lastPage: number, overrides: Partial<Notification> = {}): NotificationPage {
  return { data: ids.map((id) => notification(id, overrides)), current_page: currentPage, last_page: lastPage };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Calls that answer nothing until told; each is a jest.fn. */
export function fakeNotificationCalls(): jest.Mocked<NotificationCalls> {
  return {
    list: jest.fn().mockResolvedValue(page([], 1, 1)),
    since: jest.fn().mockResolvedValue({ status: true, data: { notifications: [], unread: 0 } }),
    unreadCount: jest.fn().mockResolvedValue({ status: true, data: { unread: 0 } }),
    setViewed: jest.fn().mockResolvedValue({ status: true }),
    markViewed: jest.fn().mockResolvedValue({ status: true }),
  };
}

export const CUSTOMER: ChatParty = { id: 9, name: 'Анна', avatar_path: null, user_type: 'client', display_name: 'Анна' };
export const GUIDE: ChatParty = {
  id: 5,
  name: 'Михаил Орлов',
  avatar_path: '/media/avatars/5.jpg',
  user_type: 'partner',
  display_name: 'Михаил Орлов (организатор; гид — Ольга Орлова)',
};

export function message(id: number, from: ChatParty, text = `Сообщение ${id}`, orderId = 77): ChatMessage {
  return { id, order_id: orderId, sender_id: from.id, sender_type: from.user_type, text, created_at: '2026-05-02T07:00:00.000Z' };
}

export function thread(messages: ChatMessage[], overrides: Partial<ChatThread['data']> = {}): ChatThread {
  return {
    status: true,
    data: {
      messages,
      has_more: false,
      me: CUSTOMER,
      counterpart: GUIDE,
      my_last_read_id: 0,
      their_last_read_id: 0,
      unread: 0,
      contacts_masked: false,
      ...overrides,
    },
  };
}
