import { formatPhone } from '@excursio/shared/phone';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { events, excursions, lifecycleMarks, orders, partnerProfiles } from '../../db/schema';
import { withEvents } from '../notifications/after-commit';
import { mailCustomerReminder } from '../mail/notices';
import { notifyOrderChange } from '../notifications/order-notices';
import { claim } from './onceMarks';
import { BATCH, HOUR_MS, type SweepDeps } from './sweepDeps';

/**
 * The customer is reminded the day before (within 24 h of the start) of a confirmed order booked earlier than that:
 * time, meeting point, the guide's contact, what is left to pay on site.
 */
export async function remindCustomers(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({
        id: orders.id,
        total: orders.total,
        prepayment: orders.prepayment,
        meetingPoint: excursions.meetingPoint,
        // the phone the partner gives travellers, never the service contacts nor the sign-in phone
        guidePhone: partnerProfiles.travellerPhone,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .leftJoin(partnerProfiles, eq(partnerProfiles.userId, orders.partnerId))
      .where(
        and(
          eq(orders.status, 'confirmed'),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + 24 * HOUR_MS)),
          sql`coalesce(${orders.confirmedAt}, ${orders.createdAt}) <= ${events.startsAt} - interval '24 hours'`,
          sql`not exists (select 1 from ${lifecycleMarks} where ${lifecycleMarks.key} = 'customer-day:' || ${orders.id})`,
        ),
      )
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    let sent = 0;
    for (const order of due) {
      if (!(await claim(tx, `customer-day:${order.id}`, now))) continue;
      const change = {
        kind: 'customer_reminder' as const,
        meetingPoint: order.meetingPoint,
        guidePhone: order.guidePhone ? formatPhone(order.guidePhone) : null,
        rest: order.total - order.prepayment,
      };
      await notifyOrderChange(tx, order.id, change);
      // and by e-mail, to a confirmed address that keeps reminders on (the outbox sends it after the commit)
      await mailCustomerReminder(tx, order.id, change, now);
      sent += 1;
    }
    return sent;
  });
}
