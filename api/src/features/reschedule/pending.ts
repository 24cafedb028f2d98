// The pending move of an order, read by the order's detail (orders/read.ts); the move itself is service.ts, which
// reads the order: keeping this query apart keeps the two out of an import circle.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, orderReschedules } from '../../db/schema';

/** The pending move of an order, for its detail. */
export async function pendingReschedule(db: Database, orderId: number) {
  const [row] = await db
    .select({ id: orderReschedules.id, eventId: orderReschedules.toEventId, startsAt: events.startsAt, total: orderReschedules.total, createdAt: orderReschedules.createdAt })
    .from(orderReschedules)
    .innerJoin(events, eq(events.id, orderReschedules.toEventId))
    .where(and(eq(orderReschedules.orderId, orderId), eq(orderReschedules.status, 'pending')));
  return row ? { id: row.id, event_id: row.eventId, starts_at: row.startsAt.toISOString(), total: row.total, created_at: row.createdAt.toISOString() } : null;
}
