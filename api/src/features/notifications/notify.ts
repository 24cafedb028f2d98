import { NOTIFICATION_EVENT, type Notification, type NotificationSentPayload } from '@excursio/shared/contracts';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { userChannel } from '../../realtime';
import { afterCommit } from './after-commit';

/** Kinds of notifications; the prefix says whose they are (spec §3: `client_` a customer's, else a partner's). */
export type NotificationType =
  | 'client_order_placed'
  | 'client_order_confirmed'
  | 'client_order_declined'
  | 'client_order_paid'
  | 'client_order_cancelled'
  | 'client_chat_message'
  | 'partner_order_new'
  | 'partner_order_paid'
  | 'partner_order_cancelled'
  | 'partner_chat_message';

export interface NotificationInput {
  userId: number;
  type: NotificationType;
  text: string;
  link: string;
  data: { order_id: number; message_id?: number };
}

type Row = typeof notifications.$inferSelect;

/** A stored notification as the api answers it. */
export const toNotification = (row: Row): Notification => ({
  id: row.id,
  type: row.type,
  text: row.text,
  link: row.link,
  data: row.data,
  viewed: row.viewed ? 1 : 0,
  created_at: row.createdAt.toISOString(),
});

/**
 * Stores a notification in the caller's transaction (opened with `withEvents`) and queues `NotificationSent` on the
 * owner's channel: published once the change it reports has committed, never for a rolled-back one.
 */
export async function notify(tx: Database, input: NotificationInput): Promise<Notification> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, text: input.text, link: input.link, data: input.data })
    .returning();
  const notification = toNotification(row!);
  const payload: NotificationSentPayload = { notification };
  afterCommit(tx, userChannel(input.userId), NOTIFICATION_EVENT, payload);
  return notification;
}
