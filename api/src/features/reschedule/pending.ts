// The pending move of an order and the guide's proposal of other times, read by the order's detail (orders/read.ts); the move itself is service.ts, which
// reads the order: keeping this query apart keeps the two out of an import circle.
import type { OrderProposal } from '@excursio/shared/contracts';
import { formatEventShort } from '@excursio/shared/time';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orderProposals, orderReschedules, orders } from '../../db/schema';

type ProposalRow = typeof orderProposals.$inferSelect;

/** The pending move of an order, for its detail. */
export async function pendingReschedule(db: Database, orderId: number) {
  const [row] = await db
    .select({ id: orderReschedules.id, eventId: orderReschedules.toEventId, startsAt: events.startsAt, total: orderReschedules.total, createdAt: orderReschedules.createdAt })
    .from(orderReschedules)
    .innerJoin(events, eq(events.id, orderReschedules.toEventId))
    .where(and(eq(orderReschedules.orderId, orderId), eq(orderReschedules.status, 'pending')));
  return row ? { id: row.id, event_id: row.eventId, starts_at: row.startsAt.toISOString(), total: row.total, created_at: row.createdAt.toISOString() } : null;
}


/** A proposal as both sides see it: each slot with its clock time and the order's price there. */
async function toProposal(db: Database, proposal: ProposalRow, now: Date): Promise<OrderProposal> {
  const ids = proposal.slots.map((s) => s.event_id);
  const [order] = await db
    .select({ total: orders.total, timeZone: cities.timeZone })
    .from(orders)
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(orders.id, proposal.orderId));
  const starts = ids.length ? await db.select({ id: events.id, startsAt: events.startsAt }).from(events).where(inArray(events.id, ids)) : [];
  const expired = proposal.status === 'pending' && proposal.expiresAt.getTime() <= now.getTime();
  return {
    id: proposal.id,
    order_id: proposal.orderId,
    status: expired ? 'expired' : (proposal.status as OrderProposal['status']),
    message: proposal.message,
    expires_at: proposal.expiresAt.toISOString(),
    created_at: proposal.createdAt.toISOString(),
    slots: proposal.slots.flatMap((s) => {
      const startsAt = starts.find((e) => e.id === s.event_id)?.startsAt;
      if (!startsAt) return [];
      return [{ event_id: s.event_id, starts_at: startsAt.toISOString(), label: formatEventShort(startsAt, order?.timeZone ?? 'Europe/Moscow'), total: s.total, difference: s.total - (order?.total ?? 0) }];
    }),
  };
}

export async function proposalById(db: Database, id: number, now: Date): Promise<OrderProposal | null> {
  const [row] = await db.select().from(orderProposals).where(eq(orderProposals.id, id));
  return row ? toProposal(db, row, now) : null;
}

/** The order's proposal still waiting for the customer (null: none, or it expired). */
export async function pendingProposal(db: Database, orderId: number, now: Date): Promise<OrderProposal | null> {
  const [row] = await db
    .select()
    .from(orderProposals)
    .where(and(eq(orderProposals.orderId, orderId), eq(orderProposals.status, 'pending'), gt(orderProposals.expiresAt, now)))
    .orderBy(desc(orderProposals.id))
    .limit(1);
  return row ? toProposal(db, row, now) : null;
}

/** The proposals some chat messages carry, by id (their state now: taken, refused, expired…). */
export async function proposalsByIds(db: Database, ids: readonly number[], now: Date): Promise<Map<number, OrderProposal>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(orderProposals).where(inArray(orderProposals.id, unique));
  const out = new Map<number, OrderProposal>();
  for (const row of rows) out.set(row.id, await toProposal(db, row, now));
  return out;
}
