import { RESCHEDULE_BEFORE_H, RESCHEDULE_REASON_PREFIX, type RescheduleOptions } from '@excursio/shared/contracts';
import { announceSlots } from '../orders/slot-news';
import { priceOrder } from '@excursio/shared/pricing';
import { formatEventShort } from '@excursio/shared/time';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import { cities, events, excursions, orderReschedules, orders } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { requestDeadline } from '../lifecycle/deadlines';
import { withEvents } from '../notifications/after-commit';
import { notify } from '../notifications/notify';
import { recordStatus } from '../orders/history';
import { paidAmount } from '../orders/read';
import { bookableSeats } from '../orders/seats';
import { holdsSeats } from '../orders/transitions';
import { selectOrdersWithPlace } from '../orders/orderPlace';

const HOUR_MS = 60 * 60 * 1000;
export const MOVABLE = ['awaiting_confirmation', 'awaiting_payment', 'confirmed'] as const;
const refuse = (message: string) => new HttpError(422, message, { event_id: [message] });

export type OrderRow = Awaited<ReturnType<typeof loadOrder>>;

export async function loadOrder(db: Database, where: ReturnType<typeof and>, lock = false) {
  const query = selectOrdersWithPlace(db, {
    order: orders,
    excursion: excursions,
    timeZone: cities.timeZone,
    startsAt: events.startsAt,
  })
    .where(where)
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  if (!row) throw notFound();
  return row;
}

/** Why this order cannot move now (null: it can). */
function refusal(row: OrderRow, now: Date): string | null {
  if (!(MOVABLE as readonly string[]).includes(row.order.status)) return 'Перенести можно только действующий заказ.';
  if (row.startsAt.getTime() - now.getTime() < RESCHEDULE_BEFORE_H * HOUR_MS) {
    return `Перенести можно не позже чем за ${RESCHEDULE_BEFORE_H} часа до начала. Напишите гиду в чате заказа.`;
  }
  return null;
}

/** An on-request excursion whose partner already accepted the order: the partner approves a move first. */
const needsApproval = (row: OrderRow) => !row.excursion.instantBooking && row.order.status !== 'awaiting_confirmation';

/** The order's amounts at another slot: a paid prepayment stays as paid, the difference goes to the guide's part. */
export async function pricedAt(db: Database, row: OrderRow, priceOverride: number | null, commission: number) {
  const input = row.order.participants.map((p) => ({ code: p.code, count: p.count }));
  const pricing = priceOrder(row.excursion, priceOverride, input, commission);
  if (!pricing.ok) return null;
  const paid = (await paidAmount(db, row.order.id)) > 0;
  return { total: pricing.total, prepayment: paid ? row.order.prepayment : pricing.prepayment };
}

/** The slots an order can move to, with what each would cost. */
export async function rescheduleOptions(db: Database, customerId: number, orderId: number, now: Date, commission: number): Promise<RescheduleOptions> {
  const row = await loadOrder(db, and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  const reason = refusal(row, now);
  if (reason) return { allowed: false, reason, needs_approval: false, slots: [] };
  const candidates = await db
    .select({ id: events.id, startsAt: events.startsAt, capacity: events.capacity, booked: events.bookedSeats, priceOverride: events.priceOverride })
    .from(events)
    .where(and(eq(events.excursionId, row.excursion.id), eq(events.status, 'active'), gt(events.startsAt, now), ne(events.id, row.order.eventId)))
    .orderBy(asc(events.startsAt))
    .limit(60);
  const slots: RescheduleOptions['slots'] = [];
  for (const slot of candidates) {
    const left = bookableSeats(row.excursion, { capacity: slot.capacity, bookedSeats: slot.booked });
    if (left < row.order.seats) continue;
    const priced = await pricedAt(db, row, slot.priceOverride, commission);
    if (!priced) continue;
    slots.push({ event_id: slot.id, starts_at: slot.startsAt.toISOString(), seats_left: left, total: priced.total, difference: priced.total - row.order.total });
  }
  return { allowed: true, reason: null, needs_approval: needsApproval(row), slots };
}

/**
 * Moves an order to another slot in one transaction: the seats it holds are taken on the new slot (a conditional
 * UPDATE: never over capacity) and given back on the old one; its amounts follow the new slot's price.
 */
export async function moveOrder(tx: Database, row: OrderRow, toEventId: number, amounts: { total: number; prepayment: number }, actor: 'client' | 'partner', now: Date, config: Pick<OrdersConfig, 'requestAnswerH'>) {
  const reserve = (alias: typeof events) =>
    sql`(case when ${row.excursion.format} = 'individual' then ${alias.capacity} else ${row.order.seats} end)`;
  const [target] = await tx
    .select({ id: events.id, startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.id, toEventId), eq(events.excursionId, row.excursion.id), eq(events.status, 'active'), gt(events.startsAt, now)));
  if (!target || target.id === row.order.eventId) throw refuse('Это время недоступно для переноса. Выберите другое.');
  if (holdsSeats(row.order.status)) {
    const [taken] = await tx
      .update(events)
      .set({ bookedSeats: sql`${events.bookedSeats} + ${reserve(events)}`, updatedAt: now })
      .where(and(eq(events.id, target.id), sql`${events.bookedSeats} + ${reserve(events)} <= ${events.capacity}`))
      .returning({ id: events.id });
    if (!taken) throw new HttpError(409, 'На это время уже не хватает мест. Выберите другое.', { event_id: ['На это время уже не хватает мест.'] });
    await tx
      .update(events)
      .set({ bookedSeats: sql`greatest(${events.bookedSeats} - ${reserve(events)}, 0)`, updatedAt: now })
      .where(eq(events.id, row.order.eventId));
  }
  const respondBy = row.order.status === 'awaiting_confirmation' ? requestDeadline(now, target.startsAt, 0, config) : row.order.respondBy;
  await tx
    .update(orders)
    .set({ eventId: target.id, total: amounts.total, prepayment: amounts.prepayment, respondBy, updatedAt: now })
    .where(eq(orders.id, row.order.id));
  // after the order moved: its customer is told the new slot's group, the old one's customers theirs
  if (holdsSeats(row.order.status)) await announceSlots(tx, [target.id, row.order.eventId]);
  const from = formatEventShort(row.startsAt, row.timeZone);
  const to = formatEventShort(target.startsAt, row.timeZone);
  await recordStatus(tx, { orderId: row.order.id, status: row.order.status, actor, reason: `${RESCHEDULE_REASON_PREFIX} ${from} → ${to}`, at: now });
  return { from, to };
}

export interface RescheduleDeps {
  db: Database;
  broadcaster: Broadcaster;
  commission: number;
  config: Pick<OrdersConfig, 'requestAnswerH'>;
}

/** The traveller moves the order (or asks the partner to, for an accepted on-request excursion). */
export async function requestReschedule(deps: RescheduleDeps, customerId: number, orderId: number, eventId: number, now: Date): Promise<'moved' | 'requested'> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const row = await loadOrder(tx, and(eq(orders.id, orderId), eq(orders.customerId, customerId)), true);
    const reason = refusal(row, now);
    if (reason) throw refuse(reason);
    const [slot] = await tx.select({ priceOverride: events.priceOverride }).from(events).where(eq(events.id, eventId));
    const amounts = slot ? await pricedAt(tx, row, slot.priceOverride, deps.commission) : null;
    if (!amounts) throw refuse('Это время недоступно для переноса. Выберите другое.');
    const partnerLink = `/account/partner/order/${orderId}`;
    if (needsApproval(row)) {
      const [target] = await tx
        .select({ startsAt: events.startsAt })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.excursionId, row.excursion.id), eq(events.status, 'active'), gt(events.startsAt, now), ne(events.id, row.order.eventId)));
      if (!target) throw refuse('Это время недоступно для переноса. Выберите другое.');
      await tx
        .update(orderReschedules)
        .set({ status: 'withdrawn', resolvedAt: now })
        .where(and(eq(orderReschedules.orderId, orderId), eq(orderReschedules.status, 'pending')));
      await tx.insert(orderReschedules).values({ orderId, toEventId: eventId, total: amounts.total, prepayment: amounts.prepayment, createdAt: now });
      await notify(tx, {
        userId: row.order.partnerId,
        type: 'partner_order_reschedule_request',
        text: `Путешественник просит перенести заказ №${orderId} «${row.excursion.title}»: ${formatEventShort(row.startsAt, row.timeZone)} → ${formatEventShort(target.startsAt, row.timeZone)}. Согласуйте или откажите.`,
        link: partnerLink,
        data: { order_id: orderId },
      });
      return 'requested';
    }
    const { from, to } = await moveOrder(tx, row, eventId, amounts, 'client', now, deps.config);
    await notify(tx, {
      userId: row.order.partnerId,
      type: 'partner_order_rescheduled',
      text: `Заказ №${orderId} «${row.excursion.title}» перенесён: ${from} → ${to}.`,
      link: partnerLink,
      data: { order_id: orderId },
    });
    return 'moved';
  });
}

/** The partner approves (the order moves, if the seats are still there) or declines a pending move. */
export async function answerReschedule(deps: RescheduleDeps, partnerId: number, orderId: number, approve: boolean, now: Date): Promise<void> {
  await withEvents(deps.db, deps.broadcaster, async (tx) => {
    const row = await loadOrder(tx, and(eq(orders.id, orderId), eq(orders.partnerId, partnerId)), true);
    const [pending] = await tx
      .select()
      .from(orderReschedules)
      .where(and(eq(orderReschedules.orderId, orderId), eq(orderReschedules.status, 'pending')))
      .for('update');
    if (!pending) throw new HttpError(422, 'Запроса на перенос нет: он уже решён или отозван.', { status: ['Запроса на перенос нет.'] });
    const customerLink = `/account/user/${orderId}`;
    if (!approve) {
      await tx.update(orderReschedules).set({ status: 'declined', resolvedAt: now }).where(eq(orderReschedules.id, pending.id));
      await notify(tx, {
        userId: row.order.customerId,
        type: 'client_order_reschedule_declined',
        text: `Гид не может перенести заказ №${orderId} «${row.excursion.title}»: заказ остаётся на прежнее время. Напишите гиду в чате заказа.`,
        link: customerLink,
        data: { order_id: orderId },
      });
      return;
    }
    const { from, to } = await moveOrder(tx, row, pending.toEventId, { total: pending.total, prepayment: pending.prepayment }, 'partner', now, deps.config);
    await tx.update(orderReschedules).set({ status: 'approved', resolvedAt: now }).where(eq(orderReschedules.id, pending.id));
    await notify(tx, {
      userId: row.order.customerId,
      type: 'client_order_rescheduled',
      text: `Гид согласовал перенос заказа №${orderId} «${row.excursion.title}»: ${from} → ${to}.`,
      link: customerLink,
      data: { order_id: orderId },
    });
  });
}
