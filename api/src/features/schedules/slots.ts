import type { AffectedOrder, CalendarSlot, OneOffSlotBody, SlotsPatchBody } from '@excursio/shared/contracts';
import { dayKeyIn, formatClock, zonedMoment } from '@excursio/shared/time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, scheduleClosures, users } from '../../db/schema';
import { fieldError, notFound } from '../../http/http-error';
import { slotsWhere, soldOf } from './calendar';
import { lockSchedule } from './generation';
import { refuseOverlap } from './overlaps';
import { ownExcursion } from './partnerExcursion';
import { dayText } from './scheduleText';

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
    if (body.group_min !== undefined) set.groupMin = body.group_min;
    await tx.update(events).set(set).where(inArray(events.id, ids));
    return slotsWhere(tx, partnerId, inArray(events.id, ids));
  });
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
    await lockSchedule(tx, body.excursion_id);
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
