import { and, eq, gt, sql } from 'drizzle-orm';
import { lifecycleMarks, orders } from '../../db/schema';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChange } from '../notifications/order-notices';
import { requestHalfTime } from './deadlines';
import { claim } from './onceMarks';
import { BATCH, type SweepDeps } from './sweepDeps';

/** The partner is reminded of a request once half its answer time is gone. */
export async function remindRequests(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    // half-time ≤ now ⇔ created + (respond_by − created) / 2 ≤ now
    const due = await tx
      .select({ id: orders.id, createdAt: orders.createdAt, respondBy: orders.respondBy })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'awaiting_confirmation'),
          gt(orders.respondBy, now),
          sql`${orders.createdAt} + (${orders.respondBy} - ${orders.createdAt}) / 2 <= ${now.toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${lifecycleMarks} where ${lifecycleMarks.key} = 'request-half:' || ${orders.id})`,
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const order of due) {
      if (!order.respondBy || requestHalfTime(order.createdAt, order.respondBy) > now) continue;
      if (!(await claim(tx, `request-half:${order.id}`, now))) continue;
      await notifyOrderChange(tx, order.id, { kind: 'request_reminder', respondBy: order.respondBy });
      sent += 1;
    }
    return sent;
  });
}
