import { addDays, dayKeyIn, formatClock, zonedMoment } from '@excursio/shared/time';
import { and, asc, gt, inArray, lte } from 'drizzle-orm';
import { cities, events, excursions, orders } from '../../db/schema';
import { withEvents } from '../notifications/after-commit';
import { queueReminderLetter } from '../mail/notices';
import { notify } from '../notifications/notify';
import { participants } from '../notifications/order-texts';
import { claim } from './onceMarks';
import { HOUR_MS, type SweepDeps } from './sweepDeps';
import { selectOrdersWithPlace } from '../orders/orderPlace';

/**
 * The partner's evening digest: from 18:00 on the excursion city's clock the day before, tomorrow's slots with their
 * participants, once per partner and day.
 */
export async function sendPartnerDigests(deps: SweepDeps, now: Date): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const rows = await selectOrdersWithPlace(tx, {
      orderId: orders.id,
      partnerId: orders.partnerId,
      seats: orders.seats,
      title: excursions.title,
      startsAt: events.startsAt,
      timeZone: cities.timeZone,
    })
      .where(
        and(
          inArray(orders.status, ['confirmed', 'awaiting_payment']),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + 36 * HOUR_MS)),
        ),
      )
      .orderBy(asc(events.startsAt));
    const digests = new Map<string, { partnerId: number; day: string; lines: Map<string, number> }>();
    for (const row of rows) {
      const day = dayKeyIn(row.startsAt, row.timeZone);
      // 18:00 on the excursion's clock the evening before
      const digestAt = zonedMoment(addDays(day, -1), '18:00', row.timeZone);
      if (digestAt.getTime() > now.getTime()) continue;
      const key = `partner-day:${row.partnerId}:${day}`;
      const digest = digests.get(key) ?? { partnerId: row.partnerId, day, lines: new Map<string, number>() };
      const line = `${formatClock(row.startsAt, row.timeZone)} «${row.title}»`;
      digest.lines.set(line, (digest.lines.get(line) ?? 0) + row.seats);
      digests.set(key, digest);
    }
    let sent = 0;
    for (const [key, digest] of digests) {
      if (!(await claim(tx, key, now))) continue;
      const slots = [...digest.lines].map(([line, seats]) => `${line} — ${participants(seats)}`).join('; ');
      const text = `Завтра у вас: ${slots}`;
      await notify(tx, { userId: digest.partnerId, type: 'partner_day_digest', text, link: '/account/partner/calendar', data: { date: digest.day } });
      await queueReminderLetter(tx, digest.partnerId, { subject: 'Ваши экскурсии на завтра', text, link: '/account/partner/calendar' }, now, `mail:${key}`);
      sent += 1;
    }
    return sent;
  });
}
