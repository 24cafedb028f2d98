import type { Notification, NotificationPage } from '@excursio/shared/contracts';
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest } from '../../http/pagination';
import { toNotification } from './notify';

export const PER_PAGE = 20;
/** At most this many in one catch-up answer: a client that gets a full one asks again from the last id. */
export const CATCH_UP_LIMIT = 100;

const mine = (userId: number) => eq(notifications.userId, userId);
const unviewed = eq(notifications.viewed, false);

export interface ListQuery {
  page?: number | undefined;
  per_page?: number | undefined;
  viewed?: 'true' | 'false' | undefined;
}

/** A page of the user's notifications, newest first; a page beyond the last is empty with the real last_page. */
export async function listNotifications(db: Database, userId: number, query: ListQuery): Promise<NotificationPage> {
  const request = pageRequest(query, PER_PAGE);
  const filter: SQL = query.viewed === undefined ? mine(userId) : and(mine(userId), eq(notifications.viewed, query.viewed === 'true'))!;
  const total = await db.$count(notifications, filter);
  const rows =
    total > offsetOf(request)
      ? await db
          .select()
          .from(notifications)
          .where(filter)
          .orderBy(desc(notifications.id))
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  const page = pageOf(rows.map(toNotification), total, request);
  return { data: page.data, current_page: page.current_page, last_page: page.last_page };
}

/** What arrived after the last id a client holds, oldest first (a reconnect's catch-up). */
export async function notificationsSince(db: Database, userId: number, afterId: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(mine(userId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(CATCH_UP_LIMIT);
  return rows.map(toNotification);
}

export const unreadCount = (db: Database, userId: number): Promise<number> =>
  db.$count(notifications, and(mine(userId), unviewed));

export async function markAllViewed(db: Database, userId: number): Promise<void> {
  await db.update(notifications).set({ viewed: true }).where(and(mine(userId), unviewed));
}

/** Marks one of the user's notifications viewed; another user's (or a missing) one is a 404. */
export async function markViewed(db: Database, userId: number, id: number): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ viewed: true })
    .where(and(mine(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound();
}

/** Reading a chat up to a message also views the notifications about the messages read (the bell agrees with the chat). */
export async function markChatNoticesViewed(db: Database, userId: number, orderId: number, lastReadId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ viewed: true })
    .where(
      and(
        mine(userId),
        unviewed,
        inArray(notifications.type, ['client_chat_message', 'partner_chat_message']),
        sql`${notifications.data}->>'order_id' = ${String(orderId)}`,
        sql`(${notifications.data}->>'message_id')::bigint <= ${lastReadId}`,
      ),
    );
}
