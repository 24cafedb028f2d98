import { createHash } from 'node:crypto';
import type { Database } from '../client';
import { dayKeyIn, serviceDay } from '@excursio/shared/time';
import { excursionViews, partnerProfiles, scheduleRules, supportMessages, supportTickets } from '../schema';
import { generateSlots } from '../../features/schedules/generation';
import type { SeededExcursion } from './catalog';
import type { Rng } from '../../random';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The demo guide's phone for the day, shown to travellers of paid orders (not a real number: the 916 test range). */
export const DEMO_TRAVELLER_PHONE = '79161234567';

/**
 * The demo partner's statistics and support, so `npm start` shows them with data: unique visitors of their excursion
 * pages over the last 60 days (hashes of made-up visitors, as the beacon stores them), a weekly schedule, one
 * answered ticket, and the phone travellers of paid orders see (the contacts for the service stay the account's).
 */
export async function seedDemoPartner(
  db: Database,
  options: { partnerId: number; staffId: number; excursions: SeededExcursion[]; now: Date; random: Rng },
): Promise<void> {
  const { partnerId, staffId, excursions, now, random } = options;
  await db.insert(partnerProfiles).values({ userId: partnerId, contactPhone: '79990000002', travellerPhone: DEMO_TRAVELLER_PHONE });
  const rows: { excursionId: number; day: string; visitorHash: string }[] = [];
  for (const [index, excursion] of excursions.slice(0, 8).entries()) {
    for (let daysAgo = 0; daysAgo < 60; daysAgo++) {
      const day = serviceDay(new Date(now.getTime() - daysAgo * DAY_MS));
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      const visitors = random.int(0, weekend ? 14 : 8) + Math.max(0, 4 - index);
      for (let v = 0; v < visitors; v++) {
        rows.push({ excursionId: excursion.id, day, visitorHash: createHash('sha256').update(`demo:${excursion.id}:${day}:${v}`).digest('hex') });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(excursionViews).values(rows.slice(i, i + 1000));

  // a weekly schedule on the calendar (weekends at 12:00 and 15:00), its slots made like the partner's own
  const scheduled = excursions[3];
  if (scheduled) {
    await db.insert(scheduleRules).values({
      excursionId: scheduled.id,
      weekdays: [6, 7],
      times: ['12:00', '15:00'],
      validFrom: dayKeyIn(now, scheduled.timeZone),
      capacity: Math.min(scheduled.groupSizeMax, 12),
      cutoffMinutes: 120,
      createdAt: now,
    });
    await generateSlots(db, scheduled.id, now);
  }

  const excursion = excursions[0];
  const [ticket] = await db
    .insert(supportTickets)
    .values({
      userId: partnerId,
      excursionId: excursion?.id ?? null,
      subject: 'Как добавить зимнее расписание?',
      status: 'answered',
      createdAt: new Date(now.getTime() - 50 * HOUR_MS),
      updatedAt: new Date(now.getTime() - 47 * HOUR_MS),
    })
    .returning({ id: supportTickets.id });
  await db.insert(supportMessages).values([
    {
      ticketId: ticket!.id,
      senderId: partnerId,
      text: 'Зимой мы водим экскурсии только по выходным. Как закрыть будни с декабря по февраль?',
      createdAt: new Date(now.getTime() - 50 * HOUR_MS),
    },
    {
      ticketId: ticket!.id,
      senderId: staffId,
      text: 'В календаре выберите период и дни недели, затем «Закрыть продажи». Уже оплаченные заказы календарь покажет до закрытия.',
      createdAt: new Date(now.getTime() - 47 * HOUR_MS),
    },
  ]);
}
