import { dayKeyIn, zonedMoment } from '@excursio/shared/time';
import type { Database } from '../client';
import { events } from '../schema';
import { insertAll } from './batch';
import type { SeededExcursion } from './catalog';
import { createRng } from '../../random';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Start times on the city's own clock: 10:00 in Tbilisi is 06:00 UTC. */
const START_TIMES = ['09:00', '10:00', '10:30', '11:00', '12:00', '13:00', '14:00', '15:30', '16:00', '18:00', '19:00'];

export type EventRow = typeof events.$inferInsert;

/** The local calendar date of `now` in a zone, `dayOffset` days later, as [year, month (1–12), day]. */
function localDate(now: Date, dayOffset: number, timeZone: string): [number, number, number] {
  const [y = 0, m = 1, d = 1] = dayKeyIn(now, timeZone).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + dayOffset));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** `HH:MM` on the zone's clock, `dayOffset` days after the zone's day of `now`, as a UTC moment. */
export function localTime(now: Date, dayOffset: number, time: string, timeZone: string): Date {
  const [y, m, d] = localDate(now, dayOffset, timeZone);
  const day = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return zonedMoment(day, time, timeZone);
}

export interface LocalCalendar {
  /** localTime() of `now`. */
  at(dayOffset: number, time: string, timeZone: string): Date;
  /** Day of the week (0 = Sunday) of the zone's day `dayOffset` days after `now`. */
  weekday(dayOffset: number, timeZone: string): number;
}

/** The local days after `now`, remembered per zone: the seed asks some 25 000 times, for a handful of zones. */
export function localCalendar(now: Date): LocalCalendar {
  const moments = new Map<string, Date>();
  const weekdays = new Map<string, number>();
  return {
    at(dayOffset, time, timeZone) {
      const key = `${timeZone} ${dayOffset} ${time}`;
      let moment = moments.get(key);
      if (!moment) moments.set(key, (moment = localTime(now, dayOffset, time, timeZone)));
      return moment;
    },
    weekday(dayOffset, timeZone) {
      const key = `${timeZone} ${dayOffset}`;
      let weekday = weekdays.get(key);
      if (weekday === undefined) {
        const [y, m, d] = localDate(now, dayOffset, timeZone);
        weekdays.set(key, (weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay()));
      }
      return weekday;
    },
  };
}

/** The calendar of one excursion for the `days` days after `now`, derived from its slug so every run is the same. */
export function buildSchedule(excursion: SeededExcursion, calendar: LocalCalendar, days = 60): EventRow[] {
  const random = createRng(`events:${excursion.slug}`);
  const weekdays = new Set(random.sample([0, 1, 2, 3, 4, 5, 6], random.int(3, 7)));
  const times = random.sample(START_TIMES, random.int(1, 2)).sort();
  const weekendPremium = random.chance(0.15);
  const capacity = excursion.groupSizeMax;
  const rows: EventRow[] = [];
  for (let day = 1; day <= days; day++) {
    const weekday = calendar.weekday(day, excursion.timeZone);
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
        startsAt: calendar.at(day, time, excursion.timeZone),
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
  const calendar = localCalendar(now);
  const rows = seeded.flatMap((excursion) => buildSchedule(excursion, calendar));
  await insertAll(db, events, rows);
  return rows.length;
}
