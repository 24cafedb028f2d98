import type { AffectedOrder, ClosingBody } from '@excursio/shared/contracts';
import { addDays, zonedMoment } from '@excursio/shared/time';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, orders, payments, scheduleClosures, users } from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../http/http-error';
import { generateSlots } from './generation';
import { ownExcursion } from './partnerExcursion';

type ClosureRow = typeof scheduleClosures.$inferSelect;

/** A closed period as the api answers it. */
export const toClosure = (c: ClosureRow) => ({ id: c.id, excursion_id: c.excursionId, date_from: c.dateFrom, date_to: c.dateTo, reason: c.reason });

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
