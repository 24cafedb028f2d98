import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatMessages, chatReads, orders } from '../../db/schema';

/** The last message id each of these users has read in an order's chat (0: nothing yet). */
export async function lastReadIds(db: Database, orderId: number, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: chatReads.userId, lastReadId: chatReads.lastReadId })
    .from(chatReads)
    .where(and(eq(chatReads.orderId, orderId), inArray(chatReads.userId, userIds)));
  return new Map(userIds.map((id) => [id, rows.find((r) => r.userId === id)?.lastReadId ?? 0]));
}

/**
 * Moves the user's read marker up to `messageId`; it never moves backwards (a late or repeated call changes nothing).
 * Returns the marker and whether it moved.
 */
export async function markRead(db: Database, orderId: number, userId: number, messageId: number): Promise<{ lastReadId: number; moved: boolean }> {
  const [before] = await db
    .select({ lastReadId: chatReads.lastReadId })
    .from(chatReads)
    .where(and(eq(chatReads.orderId, orderId), eq(chatReads.userId, userId)));
  const [row] = await db
    .insert(chatReads)
    .values({ orderId, userId, lastReadId: messageId })
    .onConflictDoUpdate({
      target: [chatReads.orderId, chatReads.userId],
      set: { lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)`, updatedAt: sql`now()` },
    })
    .returning({ lastReadId: chatReads.lastReadId });
  const lastReadId = row!.lastReadId;
  return { lastReadId, moved: lastReadId > (before?.lastReadId ?? 0) };
}

/** Messages of the other side after my marker (my own messages are never unread). */
export async function unreadInOrder(db: Database, orderId: number, userId: number, lastReadId: number): Promise<number> {
  return db.$count(
    chatMessages,
    and(eq(chatMessages.orderId, orderId), ne(chatMessages.senderId, userId), gt(chatMessages.id, lastReadId)),
  );
}

/** Unread messages per order over every order where the user is the customer or the partner. */
export async function unreadByOrder(db: Database, userId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ orderId: chatMessages.orderId, unread: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(orders, eq(orders.id, chatMessages.orderId))
    .leftJoin(chatReads, and(eq(chatReads.orderId, chatMessages.orderId), eq(chatReads.userId, userId)))
    .where(
      and(
        or(eq(orders.customerId, userId), eq(orders.partnerId, userId)),
        ne(chatMessages.senderId, userId),
        gt(chatMessages.id, sql`coalesce(${chatReads.lastReadId}, 0)`),
      ),
    )
    .groupBy(chatMessages.orderId);
  return Object.fromEntries(rows.map((r) => [String(r.orderId), r.unread]));
}
