import {
  CALENDAR_HORIZON_DAYS,
  type AffectedOrder,
  type CalendarData,
  type CalendarSlot,
  type ClosingBody,
  type OneOffSlotBody,
  type ScheduleRule,
  type ScheduleRuleBody,
  type Schedules,
  type SlotsPatchBody,
} from '@excursio/shared/contracts';
import { addDays, dayKeyIn, formatClock, zonedMoment } from '@excursio/shared/time';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, payments, scheduleClosures, scheduleRules, users } from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../http/http-error';
import { ruleMoments } from './moments';
import { refuseOverlap, scheduleOverlapMessage, scheduleOverlaps } from './overlaps';

type RuleRow = typeof scheduleRules.$inferSelect;
type ClosureRow = typeof scheduleClosures.$inferSelect;

const WEEKDAY = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];
const dayText = (day: string) => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** «пн, ср в 10:00 и 14:00, с 1 декабря 2026 г. по 31 мая 2027 г.» */
export function ruleSummary(rule: Pick<RuleRow, 'weekdays' | 'times' | 'validFrom' | 'validTo'>): string {
  const days = [...rule.weekdays].sort().map((d) => WEEKDAY[d]).join(', ');
  const times = [...rule.times].sort();
  const at = times.length > 1 ? `${times.slice(0, -1).join(', ')} и ${times.at(-1)}` : times[0];
  return `${days} в ${at}, с ${dayText(rule.validFrom)}${rule.validTo ? ` по ${dayText(rule.validTo)}` : ''}`;
}

const toRule = (r: RuleRow): ScheduleRule => ({
  id: r.id,
  excursion_id: r.excursionId,
  weekdays: [...r.weekdays].sort(),
  times: [...r.times].sort(),
  valid_from: r.validFrom,
  valid_to: r.validTo,
  capacity: r.capacity,
  price_override: r.priceOverride,
  cutoff_minutes: r.cutoffMinutes,
  summary: ruleSummary(r),
});
const toClosure = (c: ClosureRow) => ({ id: c.id, excursion_id: c.excursionId, date_from: c.dateFrom, date_to: c.dateTo, reason: c.reason });

/** The partner's excursion with its city's zone; another partner's is a 404. */
async function ownExcursion(db: Database, partnerId: number, excursionId: number) {
  const [row] = await db
    .select({ id: excursions.id, title: excursions.title, price: excursions.price, timeZone: cities.timeZone })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(excursions.id, excursionId), eq(excursions.partnerId, partnerId)));
  if (!row) throw notFound();
  return row;
}

/** Whether two rules would make the same slot: their periods meet, and they share a weekday and a start time. */
export function rulesOverlap(a: Pick<RuleRow, 'weekdays' | 'times' | 'validFrom' | 'validTo'>, b: Pick<RuleRow, 'weekdays' | 'times' | 'validFrom' | 'validTo'>): boolean {
  const meet = (a.validTo === null || b.validFrom <= a.validTo) && (b.validTo === null || a.validFrom <= b.validTo);
  return meet && a.weekdays.some((d) => b.weekdays.includes(d)) && a.times.some((t) => b.times.includes(t));
}

/**
 * Turns an excursion's rules into slots for the days from today to the horizon (on its city's clock), skipping closed
 * days and moments already past; a slot that exists at that moment is left as it is. Idempotent; one generator at a
 * time per excursion (an advisory lock), so two api processes never insert one slot twice.
 */
export async function generateSlots(tx: Database, excursionId: number, now: Date, horizonDays = CALENDAR_HORIZON_DAYS): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedules:${excursionId}`}))`);
  const [excursion] = await tx
    .select({ timeZone: cities.timeZone })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(excursions.id, excursionId));
  if (!excursion) return 0;
  const zone = excursion.timeZone;
  const rules = await tx.select().from(scheduleRules).where(eq(scheduleRules.excursionId, excursionId));
  if (rules.length === 0) return 0;
  const closures = await tx.select().from(scheduleClosures).where(eq(scheduleClosures.excursionId, excursionId));
  const wanted = ruleMoments(rules, closures, zone, now, horizonDays);
  if (wanted.size === 0) return 0;
  const moments = [...wanted.values()].map((w) => w.startsAt);
  const existing = await tx
    .select({ startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.excursionId, excursionId), inArray(events.startsAt, moments)));
  const taken = new Set(existing.map((e) => e.startsAt.getTime()));
  const rows = [...wanted.values()]
    .filter((w) => !taken.has(w.startsAt.getTime()))
    .map(({ startsAt, rule }) => ({
      excursionId,
      startsAt,
      capacity: rule.capacity,
      priceOverride: rule.priceOverride,
      cutoffMinutes: rule.cutoffMinutes,
      ruleId: rule.id,
      createdAt: now,
      updatedAt: now,
    }));
  if (rows.length > 0) await tx.insert(events).values(rows);
  return rows.length;
}

/** The lifecycle worker's step: every excursion with a schedule keeps its slots generated up to the horizon. */
export async function extendSchedules(db: Database, now: Date): Promise<number> {
  const ids = await db.selectDistinct({ id: scheduleRules.excursionId }).from(scheduleRules);
  let made = 0;
  for (const { id } of ids) made += await db.transaction((tx) => generateSlots(tx, id, now));
  return made;
}

export async function schedulesOf(db: Database, partnerId: number, excursionId: number): Promise<Schedules> {
  await ownExcursion(db, partnerId, excursionId);
  const rules = await db.select().from(scheduleRules).where(eq(scheduleRules.excursionId, excursionId)).orderBy(asc(scheduleRules.id));
  const closures = await db.select().from(scheduleClosures).where(eq(scheduleClosures.excursionId, excursionId)).orderBy(asc(scheduleClosures.dateFrom));
  return { rules: rules.map(toRule), closures: closures.map(toClosure) };
}

/** A new rule (refused when it would make a slot another rule makes: the message names that rule); slots follow. */
export async function createRule(db: Database, partnerId: number, body: ScheduleRuleBody, now: Date): Promise<void> {
  await ownExcursion(db, partnerId, body.excursion_id);
  const rule = {
    weekdays: [...new Set(body.weekdays)].sort(),
    times: [...new Set(body.times)].sort(),
    validFrom: body.valid_from,
    validTo: body.valid_to ?? null,
  };
  if (rule.validTo !== null && rule.validTo < rule.validFrom) throw fieldError('valid_to', 'Дата окончания раньше даты начала.');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedules:${body.excursion_id}`}))`);
    const others = await tx.select().from(scheduleRules).where(eq(scheduleRules.excursionId, body.excursion_id));
    const clash = others.find((other) => rulesOverlap(rule, other));
    if (clash) throw fieldError('times', `Пересекается с расписанием: ${ruleSummary(clash)}.`);
    if (!body.allow_overlap) {
      // the guide's other slots at the moments this schedule would add: asked about first, as for a one-off slot
      const [city] = await tx
        .select({ timeZone: cities.timeZone })
        .from(excursions)
        .innerJoin(cities, eq(cities.id, excursions.cityId))
        .where(eq(excursions.id, body.excursion_id));
      const zone = city!.timeZone;
      const closures = await tx.select().from(scheduleClosures).where(eq(scheduleClosures.excursionId, body.excursion_id));
      const moments = [...ruleMoments([rule], closures, zone, now, CALENDAR_HORIZON_DAYS).values()].map((m) => m.startsAt);
      const found = await scheduleOverlaps(tx, body.excursion_id, moments);
      if (found.length > 0) {
        const message = scheduleOverlapMessage(found, zone);
        throw new HttpError(409, message, { allow_overlap: [message] });
      }
    }
    await tx.insert(scheduleRules).values({
      excursionId: body.excursion_id,
      ...rule,
      capacity: body.capacity,
      priceOverride: body.price_override ?? null,
      cutoffMinutes: body.cutoff_minutes ?? 0,
      createdAt: now,
    });
  });
  await db.transaction((tx) => generateSlots(tx, body.excursion_id, now));
}

/** Removes a rule and its future slots nobody booked; slots with orders stay (as one-off slots). */
export async function deleteRule(db: Database, partnerId: number, ruleId: number, now: Date): Promise<number> {
  const [rule] = await db.select().from(scheduleRules).where(eq(scheduleRules.id, ruleId));
  if (!rule) throw notFound();
  await ownExcursion(db, partnerId, rule.excursionId);
  await db.transaction(async (tx) => {
    await tx
      .delete(events)
      .where(
        and(
          eq(events.ruleId, ruleId),
          gt(events.startsAt, now),
          eq(events.bookedSeats, 0),
          notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.eventId, events.id))),
        ),
      );
    await tx.update(events).set({ ruleId: null }).where(eq(events.ruleId, ruleId));
    await tx.delete(scheduleRules).where(eq(scheduleRules.id, ruleId));
  });
  return rule.excursionId;
}

/** Seats held by orders (requests hold none). */
const soldOf = (e: { bookedSeats: number }) => e.bookedSeats;

/** Many slots changed at once, all or none: a capacity below the seats sold names the slots that refuse. */
export async function patchSlots(db: Database, partnerId: number, body: SlotsPatchBody, now: Date): Promise<CalendarSlot[]> {
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ event: events, timeZone: cities.timeZone })
      .from(events)
      .innerJoin(excursions, eq(excursions.id, events.excursionId))
      .innerJoin(cities, eq(cities.id, excursions.cityId))
      .where(and(inArray(events.id, ids), eq(excursions.partnerId, partnerId)))
      .for('update', { of: events });
    if (rows.length !== ids.length) throw notFound();
    if (body.capacity !== undefined) {
      const capacity = body.capacity;
      const refused = rows.filter((r) => soldOf(r.event) > capacity);
      if (refused.length > 0) {
        const list = refused.map((r) => `${dayText(dayKeyIn(r.event.startsAt, r.timeZone))} ${formatClock(r.event.startsAt, r.timeZone)} — продано ${soldOf(r.event)}`).join('; ');
        throw fieldError('capacity', `Вместимость не может быть меньше проданных мест: ${list}.`);
      }
    }
    const set: Partial<typeof events.$inferInsert> = { updatedAt: now };
    if (body.capacity !== undefined) set.capacity = body.capacity;
    if (body.price_override !== undefined) set.priceOverride = body.price_override;
    if (body.status !== undefined) set.status = body.status;
    if (body.cutoff_minutes !== undefined) set.cutoffMinutes = body.cutoff_minutes;
    await tx.update(events).set(set).where(inArray(events.id, ids));
    return slotsWhere(tx, partnerId, inArray(events.id, ids));
  });
}

/** The UTC bounds of a range of the city's days (from its first midnight to the midnight after the last). */
const dayRange = (from: string, to: string, zone: string) => [zonedMoment(from, '00:00', zone), zonedMoment(addDays(to, 1), '00:00', zone)] as const;

/** The orders still running in an excursion's days: what closing them would touch. */
export async function affectedOrders(db: Database, partnerId: number, excursionId: number, from: string, to: string) {
  const excursion = await ownExcursion(db, partnerId, excursionId);
  if (to < from) throw fieldError('date_to', 'Дата окончания раньше даты начала.');
  const [start, end] = dayRange(from, to, excursion.timeZone);
  const inRange = and(eq(events.excursionId, excursionId), gte(events.startsAt, start), lt(events.startsAt, end));
  const slots = await db.select({ id: events.id }).from(events).where(and(inRange, eq(events.status, 'active')));
  const rows = await db
    .select({
      id: orders.id,
      customer: users.name,
      seats: orders.seats,
      status: orders.status,
      startsAt: events.startsAt,
      paid: sql<number>`coalesce((select sum(${payments.amount}) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} = 'succeeded'), 0)::int`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(inRange, inArray(orders.status, ['awaiting_confirmation', 'awaiting_payment', 'confirmed'])))
    .orderBy(asc(events.startsAt), asc(orders.id));
  const list: AffectedOrder[] = rows.map((r) => ({ id: r.id, customer_name: r.customer, seats: r.seats, paid: r.paid, starts_at: r.startsAt.toISOString(), status: r.status }));
  return { excursion, slots: slots.length, orders: list, range: [start, end] as const };
}

/**
 * Closes an excursion's days: remembered (generation never reopens them) and their slots closed to new orders at once.
 * Orders in them must be decided: `cancel` (each cancelled by the partner with the reason, refunded in full, the
 * customer told — the order page's own cancellation) or `keep` (the trips still happen).
 */
export async function closeDays(
  db: Database,
  partnerId: number,
  body: ClosingBody,
  now: Date,
  cancelOrder: (order: AffectedOrder, reason: string) => Promise<void>,
): Promise<void> {
  const affected = await affectedOrders(db, partnerId, body.excursion_id, body.date_from, body.date_to);
  if (affected.orders.length > 0 && !body.orders) {
    throw new HttpError(409, `В эти дни есть заказы (${affected.orders.length}): отмените их или оставьте.`, {
      orders: affected.orders.map((o) => `№${o.id}`),
    });
  }
  if (body.orders === 'cancel') {
    const reason = (body.reason ?? '').trim();
    if (!reason) throw fieldError('reason', 'Укажите причину отмены: её увидят путешественники.');
    for (const order of affected.orders) await cancelOrder(order, reason);
  }
  const [start, end] = affected.range;
  await db.transaction(async (tx) => {
    await tx.insert(scheduleClosures).values({ excursionId: body.excursion_id, dateFrom: body.date_from, dateTo: body.date_to, reason: (body.reason ?? '').trim(), createdAt: now });
    await tx
      .update(events)
      .set({ status: 'closed', updatedAt: now })
      .where(and(eq(events.excursionId, body.excursion_id), gte(events.startsAt, start), lt(events.startsAt, end), eq(events.status, 'active')));
  });
}

/** Opens closed days again: their closed slots take orders again and the schedule fills the rest. */
export async function reopenDays(db: Database, partnerId: number, closureId: number, now: Date): Promise<number> {
  const [closure] = await db.select().from(scheduleClosures).where(eq(scheduleClosures.id, closureId));
  if (!closure) throw notFound();
  const excursion = await ownExcursion(db, partnerId, closure.excursionId);
  const [start, end] = dayRange(closure.dateFrom, closure.dateTo, excursion.timeZone);
  await db.transaction(async (tx) => {
    await tx.delete(scheduleClosures).where(eq(scheduleClosures.id, closureId));
    await tx
      .update(events)
      .set({ status: 'active', updatedAt: now })
      .where(and(eq(events.excursionId, closure.excursionId), gte(events.startsAt, start), lt(events.startsAt, end), eq(events.status, 'closed')));
    await generateSlots(tx, closure.excursionId, now);
  });
  return closure.excursionId;
}

/** The partner's slots matching `where`, as the calendar shows them. */
async function slotsWhere(db: Database, partnerId: number, where: ReturnType<typeof and>): Promise<CalendarSlot[]> {
  const rows = await db
    .select({ event: events, title: excursions.title, price: excursions.price, timeZone: cities.timeZone })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(excursions.partnerId, partnerId), where))
    .orderBy(asc(events.startsAt));
  return rows.map(({ event, title, price, timeZone }) => ({
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
    .select({ id: excursions.id, title: excursions.title, timeZone: cities.timeZone, group: excursions.groupSizeMax })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(excursions.partnerId, partnerId))
    .orderBy(asc(excursions.title));
  return { slots, excursions: own.map((e) => ({ id: e.id, title: e.title, time_zone: e.timeZone, group_size_max: e.group })) };
}

/**
 * A one-off slot (not from a schedule): refused in the past, on a closed day, or where a slot already starts; while
 * another slot of the same guide runs then, a 409 names it until the partner adds it anyway (`allow_overlap`).
 */
export async function addOneOffSlot(db: Database, partnerId: number, body: OneOffSlotBody, now: Date): Promise<CalendarSlot[]> {
  const excursion = await ownExcursion(db, partnerId, body.excursion_id);
  const startsAt = zonedMoment(body.date, body.time, excursion.timeZone);
  if (startsAt.getTime() <= now.getTime()) throw fieldError('date', 'Это время уже прошло.');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedules:${body.excursion_id}`}))`);
    const closed = await tx.select({ id: scheduleClosures.id }).from(scheduleClosures).where(
      and(eq(scheduleClosures.excursionId, body.excursion_id), sql`${scheduleClosures.dateFrom} <= ${body.date}::date`, sql`${scheduleClosures.dateTo} >= ${body.date}::date`),
    );
    if (closed.length > 0) throw fieldError('date', 'Этот день закрыт: сначала откройте его.');
    const [existing] = await tx.select({ id: events.id }).from(events).where(and(eq(events.excursionId, body.excursion_id), eq(events.startsAt, startsAt)));
    if (existing) throw fieldError('time', 'В это время уже есть слот.');
    await refuseOverlap(tx, body.excursion_id, startsAt, excursion.timeZone, body.allow_overlap);
    const [slot] = await tx
      .insert(events)
      .values({
        excursionId: body.excursion_id,
        startsAt,
        capacity: body.capacity,
        priceOverride: body.price_override ?? null,
        cutoffMinutes: body.cutoff_minutes ?? 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id });
    return slotsWhere(tx, partnerId, eq(events.id, slot!.id));
  });
}

/**
 * Cancels a slot: each running order on it cancelled with the reason (a request declined, an accepted order cancelled
 * and refunded in full, the customer told), then the slot is cancelled (gone from the catalog).
 */
export async function cancelSlot(
  db: Database,
  partnerId: number,
  slotId: number,
  rawReason: string,
  now: Date,
  cancelOrder: (order: AffectedOrder, reason: string) => Promise<void>,
): Promise<void> {
  const reason = rawReason.trim();
  if (!reason) throw fieldError('reason', 'Укажите причину: её увидят путешественники.');
  const [slot] = await db
    .select({ id: events.id, status: events.status })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .where(and(eq(events.id, slotId), eq(excursions.partnerId, partnerId)));
  if (!slot) throw notFound();
  const running = await db
    .select({ id: orders.id, customer: users.name, seats: orders.seats, status: orders.status, startsAt: events.startsAt })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(eq(orders.eventId, slotId), inArray(orders.status, ['awaiting_confirmation', 'awaiting_payment', 'confirmed'])));
  for (const o of running) await cancelOrder({ id: o.id, customer_name: o.customer, seats: o.seats, paid: 0, starts_at: o.startsAt.toISOString(), status: o.status }, reason);
  await db.update(events).set({ status: 'cancelled', updatedAt: now }).where(eq(events.id, slotId));
}
