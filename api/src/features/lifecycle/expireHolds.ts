import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { events, excursions, orders } from '../../db/schema';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChanges } from '../notifications/order-notices';
import { recordStatuses } from '../orders/history';
import { reservedSeats } from '../orders/seats';
import { announceSlots } from '../orders/slot-news';
import { BATCH, type SweepDeps } from './sweepDeps';

/** Orders awaiting payment past their hold: expired, seats back, both sides told. */
export async function expireHolds(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({ id: orders.id, seats: orders.seats, eventId: orders.eventId, format: excursions.format, capacity: events.capacity })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.paymentDueAt, now)))
      .orderBy(asc(orders.paymentDueAt))
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ status: 'expired', cancelledAt: now, updatedAt: now }).where(inArray(orders.id, ids));
    // the seats back, one update per slot
    const freed = new Map<number, number>();
    for (const order of due) {
      freed.set(order.eventId, (freed.get(order.eventId) ?? 0) + reservedSeats(order.format, order.seats, order.capacity));
    }
    for (const [eventId, seats] of freed) {
      await tx
        .update(events)
        .set({ bookedSeats: sql`greatest(0, ${events.bookedSeats} - ${seats})`, updatedAt: now })
        .where(eq(events.id, eventId));
    }
    await announceSlots(tx, [...freed.keys()]);
    // A pending payment stays pending: if the provider still reports it paid, completePayment refunds it.
    await recordStatuses(tx, ids.map((orderId) => ({ orderId, status: 'expired', actor: 'system', at: now })));
    await notifyOrderChanges(tx, ids, { kind: 'payment_expired' });
    return due.length;
  });
}
