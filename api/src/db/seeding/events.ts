import type { Database } from '../client';
import { events } from '../schema';
import { insertAll } from './batch';
import type { SeededExcursion } from './catalog';
import { createRandom } from './random';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Schedules are laid out in Moscow time (UTC+3, no daylight saving). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const START_TIMES = ['09:00', '10:00', '10:30', '11:00', '12:00', '13:00', '14:00', '15:30', '16:00', '18:00', '19:00'];

export type EventRow = typeof events.$inferInsert;

/** Midnight (Moscow) of the day `now` falls on, as a UTC timestamp. */
export function moscowMidnight(now: Date): number {
  const local = now.getTime() + MOSCOW_OFFSET_MS;
  return local - (local % DAY_MS) - MOSCOW_OFFSET_MS;
}

/** `HH:MM` Moscow time on the day `dayOffset` days after the Moscow day of `now`. */
export function moscowTime(now: Date, dayOffset: number, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(moscowMidnight(now) + dayOffset * DAY_MS + (hours * 60 + minutes) * 60 * 1000);
}

/**
 * The calendar of one excursion for the `days` days after `now`: a fixed set of weekdays and one or two
 * start times per excursion (derived from its slug, so every run lays out the same pattern), capacity =
 * the group size, some seats already sold, occasionally a weekend price.
 */
export function buildSchedule(excursion: SeededExcursion, now: Date, days = 60): EventRow[] {
  const random = createRandom(`events:${excursion.slug}`);
  const weekdays = new Set(random.sample([0, 1, 2, 3, 4, 5, 6], random.int(3, 7)));
  const times = random.sample(START_TIMES, random.int(1, 2)).sort();
  const weekendPremium = random.chance(0.15);
  const capacity = excursion.groupSizeMax;
  const rows: EventRow[] = [];
  for (let day = 1; day <= days; day++) {
    const weekday = new Date(moscowMidnight(now) + day * DAY_MS + MOSCOW_OFFSET_MS).getUTCDay();
    if (!weekdays.has(weekday)) continue;
    const weekend = weekday === 0 || weekday === 6;
    for (const time of times) {
      let bookedSeats = 0;
      if (excursion.format === 'individual') {
        if (random.chance(day < 14 ? 0.25 : 0.08)) bookedSeats = capacity;
      } else if (random.chance(day < 14 ? 0.7 : 0.35)) {
        bookedSeats = random.int(1, Math.max(1, Math.floor(capacity * 0.8)));
      }
      rows.push({
        excursionId: excursion.id,
        startsAt: moscowTime(now, day, time),
        capacity,
        bookedSeats,
        priceOverride: weekend && weekendPremium ? Math.round((excursion.price * 1.15) / 50) * 50 : null,
        status: 'active',
      });
    }
  }
  return rows;
}

export async function seedEvents(db: Database, seeded: readonly SeededExcursion[], now: Date): Promise<number> {
  const rows = seeded.flatMap((excursion) => buildSchedule(excursion, now));
  await insertAll(db, events, rows);
  return rows.length;
}
