import type { ExcursionEvent } from '@excursio/shared/contracts';
import { slotPriceUnits } from '@excursio/shared/pricing';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { isPublished } from '../catalog/cards';
import { gatheringOf } from '../orders/gathering';
import { bookableSeats } from '../orders/seats';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the calendar of an excursion page reaches. */
export const EVENTS_DAYS_AHEAD = 60;

/** Active slots of a published excursion from now to 60 days ahead, with what one order can book and the slot's prices. */
export async function excursionEvents(db: Database, excursionId: number, now: Date): Promise<ExcursionEvent[]> {
  const [found] = await db
    .select({ excursion: excursions, timeZone: cities.timeZone })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(excursions.id, excursionId), isPublished))
    .limit(1);
  if (!found) throw notFound();
  const { excursion, timeZone } = found;
  const rows = await db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      capacity: events.capacity,
      bookedSeats: events.bookedSeats,
      priceOverride: events.priceOverride,
      groupMin: events.groupMin,
      groupConfirmedAt: events.groupConfirmedAt,
    })
    .from(events)
    .where(
      and(
        eq(events.excursionId, excursionId),
        eq(events.status, 'active'),
        gt(events.startsAt, now),
        // past its booking cut-off a slot is no longer offered
        sql`${events.startsAt} > ${now}::timestamptz + ${events.cutoffMinutes} * interval '1 minute'`,
        lt(events.startsAt, new Date(now.getTime() + EVENTS_DAYS_AHEAD * DAY_MS)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((r) => {
    const units = slotPriceUnits(excursion, r.priceOverride);
    return {
      id: r.id,
      starts_at: r.startsAt.toISOString(),
      time_zone: timeZone,
      capacity: r.capacity,
      seats_left: Math.max(0, r.capacity - r.bookedSeats),
      bookable: bookableSeats(excursion, r),
      price: r.priceOverride ?? excursion.price,
      price_units: units,
      gathering: gatheringOf(excursion, r),
    };
  });
}
