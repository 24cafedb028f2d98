import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { orderProposals, orders } from '../../db/schema';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChanges } from '../notifications/order-notices';
import { recordStatuses } from '../orders/history';
import { queueAlternativesMail } from '../orders/alternatives';
import { BATCH, type SweepDeps } from './sweepDeps';

/** Requests the partner did not answer by their deadline: expired, nothing charged, both sides told. */
export async function expireRequests(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_confirmation'), lte(orders.respondBy, now)))
      .orderBy(asc(orders.respondBy))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ status: 'expired', cancelledAt: now, updatedAt: now }).where(inArray(orders.id, ids));
    await recordStatuses(tx, ids.map((orderId) => ({ orderId, status: 'expired', actor: 'system', at: now })));
    // the guide's proposals of other times expire with the request (issue 32 §2)
    await tx
      .update(orderProposals)
      .set({ status: 'expired', resolvedAt: now })
      .where(and(inArray(orderProposals.orderId, ids), eq(orderProposals.status, 'pending')));
    await notifyOrderChanges(tx, ids, { kind: 'request_expired' });
    for (const id of ids) await queueAlternativesMail(tx, id, 'expired', now);
    return due.length;
  });
}
