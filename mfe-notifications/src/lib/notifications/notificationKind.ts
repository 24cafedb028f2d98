import type { Notification } from '@excursio/shared/contracts';

export type NotificationArea = 'user' | 'partner';

/** Spec §3: the prefix before the first underscore decides the kind — 'client' is a user's, anything else a partner's. */
export function areaOfType(type: string): NotificationArea {
  return type.split('_', 1)[0] === 'client' ? 'user' : 'partner';
}

/** A chat message notification and the order and message it is about. */
export function chatMessageOf(n: Notification): { orderId: number; messageId: number | null } | null {
  if (!n.type.endsWith('_chat_message')) return null;
  const orderId = Number(n.data.order_id);
  if (!Number.isInteger(orderId)) return null;
  const messageId = Number(n.data.message_id);
  return { orderId, messageId: Number.isInteger(messageId) ? messageId : null };
}
