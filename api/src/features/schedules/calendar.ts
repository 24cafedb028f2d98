import type { CalendarData, CalendarSlot } from '@excursio/shared/contracts';
import { addDays, dayKeyIn, formatClock } from '@excursio/shared/time';
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions } from '../../db/schema';
import { fieldError } from '../../http/http-error';
import { gatheringOf } from '../orders/gathering';

/** Seats held by orders (requests hold none). */
export const soldOf = (e: { bookedSeats: number }) => e.bookedSeats;

/** The partner's slots matching `where`, as the calendar shows them. */
export async function slotsWhere(db: Database, partnerId: number, where: ReturnType<typeof and>): Promise<CalendarSlot[]> {
  const rows = await db
    .select({
      event: events,
      title: excursions.title,
      price: excursions.price,
      timeZone: cities.timeZone,
      format: excursions.format,
      groupMin: excursions.groupMin,
      groupDecisionHours: excursions.groupDecisionHours,
    })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(excursions.partnerId, partnerId), where))
    .orderBy(asc(events.startsAt));
  return rows.map(({ event, title, price, timeZone, format, groupMin, groupDecisionHours }) => ({
    id: event.id,
    excursion_id: event.excursionId,
    excursion_title: title,
    starts_at: event.startsAt.toISOString(),
    day: dayKeyIn(event.startsAt, timeZone),
    time: formatClock(event.startsAt, timeZone),
    time_zone: timeZone,
    capacity: event.capacity,
    sold: soldOf(event),
    status: event.status,
    price: event.priceOverride ?? price,
    price_override: event.priceOverride,
    cutoff_minutes: event.cutoffMinutes,
    rule_id: event.ruleId,
    group_min: event.groupMin,
    gathering: gatheringOf({ format, groupMin, groupDecisionHours }, event),
  }));
}

/** The calendar: the partner's slots of the days from..to (each on its city's clock), and the partner's excursions. */
export async function calendar(db: Database, partnerId: number, query: { from: string; to: string; excursion_id?: number | undefined }): Promise<CalendarData> {
  if (query.to < query.from) throw fieldError('to', 'Дата окончания раньше даты начала.');
  if (addDays(query.from, 62) < query.to) throw fieldError('to', 'Не больше двух месяцев за раз.');
  // a day's margin either side covers every zone; the exact days are kept below
  const start = new Date(`${addDays(query.from, -1)}T00:00:00Z`);
  const end = new Date(`${addDays(query.to, 2)}T00:00:00Z`);
  const slots = (
    await slotsWhere(
      db,
      partnerId,
      and(gte(events.startsAt, start), lt(events.startsAt, end), query.excursion_id ? eq(events.excursionId, query.excursion_id) : isNotNull(events.id)),
    )
  ).filter((s) => s.day >= query.from && s.day <= query.to);
  const own = await db
    .select({
      id: excursions.id,
      title: excursions.title,
      timeZone: cities.timeZone,
      group: excursions.groupSizeMax,
      groupMin: excursions.groupMin,
      decisionHours: excursions.groupDecisionHours,
    })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(excursions.partnerId, partnerId))
    .orderBy(asc(excursions.title));
  return {
    slots,
    excursions: own.map((e) => ({ id: e.id, title: e.title, time_zone: e.timeZone, group_size_max: e.group, group_min: e.groupMin, group_decision_hours: e.decisionHours })),
  };
}
