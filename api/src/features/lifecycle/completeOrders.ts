import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { events, excursions, orders } from '../../db/schema';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChanges } from '../notifications/order-notices';
import { recordStatuses } from '../orders/history';
import { BATCH, type SweepDeps } from './sweepDeps';

/** Confirmed orders whose slot has ended (start + duration): completed; the customer is invited to review. */
export async function completeOrders(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(
        and(
          eq(orders.status, 'confirmed'),
          lte(events.startsAt, now),
          sql`${events.startsAt} + make_interval(mins => ${excursions.durationMinutes}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ status: 'completed', completedAt: now, updatedAt: now }).where(inArray(orders.id, ids));
    await recordStatuses(tx, ids.map((orderId) => ({ orderId, status: 'completed', actor: 'system', at: now })));
    await notifyOrderChanges(tx, ids, { kind: 'completed' });
    return due.length;
  });
}
