import { NOTIFICATION_EVENT, type Notification, type NotificationSentPayload } from '@excursio/shared/contracts';
import type { Database } from '../../db/client';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
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
  | 'partner_chat_message'
  // orders in time (features/lifecycle)
  | 'client_order_expired'
  | 'client_order_completed'
  | 'client_order_reminder'
  | 'client_order_no_show'
  | 'partner_order_expired'
  | 'partner_request_reminder'
  | 'partner_day_digest'
  // the partner's excursions through moderation (features/partner-excursions)
  | 'partner_excursion_approved'
  | 'partner_excursion_rejected'
  | 'partner_change_approved'
  | 'partner_change_rejected'
  // moving an order to another slot (features/reschedule)
  | 'partner_order_rescheduled'
  | 'partner_order_reschedule_request'
  | 'client_order_rescheduled'
  | 'client_order_reschedule_declined'
  // the guide proposes other times (features/reschedule/proposals)
  | 'client_order_proposal'
  // a group that gathers (features/schedules/groups)
  | 'client_group_gathered'
  | 'partner_group_gathered'
  | 'partner_group_cancelled'
  // reviews and support (features/partner-reviews, features/support)
  | 'partner_review_new'
  | 'client_support_answer'
  | 'partner_support_answer'
  | 'staff_support_message'
  | 'staff_moderation_waiting'
  | 'staff_review_flagged'
  // the back office (features/backoffice): staff acting on orders, reviews, accounts
  | 'client_order_refunded'
  | 'client_tickets_resent'
  | 'client_order_hold_extended'
  | 'client_review_hidden'
  | 'client_review_restored'
  | 'partner_review_flag_resolved'
  | 'partner_requisites_verified'
  | 'staff_refund_waiting';

export interface NotificationInput {
  userId: number;
  type: NotificationType;
  text: string;
  link: string;
  /** `{ order_id, message_id? }` for orders and chats; `{ review_id }`, `{ ticket_id }` for reviews and support; a partner's day digest carries its `date`. */
  data: { order_id?: number; message_id?: number; review_id?: number; ticket_id?: number; excursion_id?: number; date?: string };
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

/** `notify` for many notices at once: one insert, each queued for its owner's channel after the commit. */
export async function notifyMany(tx: Database, inputs: readonly NotificationInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(inputs.map((input) => ({ userId: input.userId, type: input.type, text: input.text, link: input.link, data: input.data })))
    .returning();
  for (const row of rows) {
    const payload: NotificationSentPayload = { notification: toNotification(row) };
    afterCommit(tx, userChannel(row.userId), NOTIFICATION_EVENT, payload);
  }
}

/** Every staff account that is not blocked (admins included), the people a staff queue notice goes to. */
async function staffIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.userType, 'staff'), isNull(users.blockedAt))).orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** Tells every staff account that a queue of the back office has a new item (support, moderation), in the caller's transaction. */
export async function notifyStaff(tx: Database, input: Omit<NotificationInput, 'userId'>): Promise<void> {
  await notifyMany(tx, (await staffIds(tx)).map((userId) => ({ ...input, userId })));
}
