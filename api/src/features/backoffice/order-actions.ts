import { and, desc, eq, sql } from 'drizzle-orm';
import { announceSlots } from '../orders/slot-news';
import type { Database } from '../../db/client';
import { events, excursions, orderRefunds, orders, payments, tickets, users, type OrderStatus } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { recordStatus } from '../orders/history';
import { recordRefund, sendRecordedRefund } from '../orders/refunds';
import { reservedSeats } from '../orders/seats';
import { holdsSeats } from '../orders/transitions';
import { notify } from '../notifications/notify';
import { roubles } from '../notifications/order-texts';
import { audit } from './audit';
import { ACTIVE } from './orders';
import { requiredText, type StaffActor } from './staff';

/** Staff acting on orders: cancel with a refund, refund, approve a waiting refund, resend tickets, extend a hold. */

const customerLink = (orderId: number) => `/account/user/${orderId}`;
const partnerLink = (orderId: number) => `/account/partner/order/${orderId}`;

async function lockOrder(tx: Database, id: number) {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status, seats: orders.seats, eventId: orders.eventId, customerId: orders.customerId, partnerId: orders.partnerId, paymentDueAt: orders.paymentDueAt, refundAmount: orders.refundAmount, title: excursions.title, format: excursions.format, capacity: events.capacity })
    .from(orders)
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, id))
    .for('update', { of: orders });
  if (!row) throw notFound();
  return row;
}
type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

const conflict = (message: string, field = 'status') => new HttpError(409, message, { [field]: [message] });

/** Paid online and not refunded yet, and what waits for an admin. */
async function money(tx: Database, orderId: number): Promise<{ paid: number; pending: number }> {
  const [row] = await tx.execute<{ paid: number; pending: number }>(sql`select
    (coalesce((select sum(amount) from payments where order_id = ${orderId} and status in ('succeeded', 'refunded')), 0)
      - coalesce((select sum(amount) from order_refunds where order_id = ${orderId} and status = 'succeeded'), 0))::int as paid,
    coalesce((select sum(amount) from order_refunds where order_id = ${orderId} and status = 'pending'), 0)::int as pending`).then((r) => (r as unknown as { rows: Array<{ paid: number; pending: number }> }).rows);
  return { paid: Number(row?.paid ?? 0), pending: Number(row?.pending ?? 0) };
}

/**
 * Sends `amount` back over the order's paid payments (the newest first): a refund row per payment with the provider,
 * a payment wholly returned becomes `refunded`, the order's refund_amount grows. Each refund's delivery to the provider
 * is queued in the outbox with it; the answer lists those outbox rows, to deliver right after the commit.
 */
async function executeRefund(
  tx: Database,
  orderId: number,
  amount: number,
  reason: string,
  by: { requestedBy: number | null; decidedBy: number },
  now: Date,
  /** A waiting request approved: it becomes the first payment's refund row. */
  requestRowId?: number,
): Promise<(number | null)[]> {
  const paid = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      externalId: payments.externalId,
      receiptTo: payments.receiptTo,
      amount: payments.amount,
      // spelled out: in a one-table select drizzle leaves column names unqualified, and `id` would be the refund's
      refunded: sql<number>`coalesce((select sum(r.amount) from order_refunds r where r.payment_id = "payments"."id" and r.status = 'succeeded'), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), sql`${payments.status} in ('succeeded', 'refunded')`))
    .orderBy(desc(payments.id));
  const toSend: (number | null)[] = [];
  let left = amount;
  for (const p of paid) {
    const room = p.amount - Number(p.refunded);
    if (left <= 0 || room <= 0) continue;
    const part = Math.min(room, left);
    left -= part;
    if (requestRowId !== undefined && toSend.length === 0) {
      await tx.update(orderRefunds).set({ paymentId: p.id, provider: p.provider, amount: part, status: 'succeeded', decidedBy: by.decidedBy, decidedAt: now }).where(eq(orderRefunds.id, requestRowId));
      toSend.push(await sendRecordedRefund(tx, requestRowId, { orderId, paymentId: p.id, provider: p.provider, paymentExternalId: p.externalId, amount: part, receiptTo: p.receiptTo, now }));
    } else {
      toSend.push(await recordRefund(tx, { orderId, paymentId: p.id, provider: p.provider, paymentExternalId: p.externalId, amount: part, reason, receiptTo: p.receiptTo, requestedBy: by.requestedBy, decidedBy: by.decidedBy, now }));
    }
    if (part === room) await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, p.id));
  }
  await tx.update(orders).set({ refundAmount: sql`coalesce(${orders.refundAmount}, 0) + ${amount - left}`, updatedAt: now }).where(eq(orders.id, orderId));
  return toSend;
}

export interface RefundOutcome {
  /** The outbox rows carrying the refunds to the provider (null: nothing to send). */
  toSend: (number | null)[];
  /** The refund waits for an admin (above the limit, asked by staff). */
  pending: boolean;
}

/** A refund of `amount`: at once when within the limit or by an admin; otherwise it waits for an admin (and they are told). */
async function refund(tx: Database, actor: StaffActor, order: LockedOrder, amount: number, reason: string, limit: number, now: Date): Promise<RefundOutcome> {
  if (amount <= 0) return { toSend: [], pending: false };
  const { paid, pending } = await money(tx, order.id);
  const refundable = Math.max(0, paid - pending);
  if (amount > refundable) {
    const message = refundable > 0 ? `Вернуть можно не больше ${roubles(refundable)}.` : 'По заказу нечего возвращать: оплаты нет или она уже возвращена.';
    throw new HttpError(422, message, { amount: [message], refund_amount: [message] });
  }
  if (amount > limit && actor.role !== 'admin') {
    const [row] = await tx.insert(orderRefunds).values({ orderId: order.id, provider: 'pending', amount, status: 'pending', reason, requestedBy: actor.id, createdAt: now }).returning({ id: orderRefunds.id });
    const admins = await tx.select({ id: users.id }).from(users).where(and(eq(users.userType, 'staff'), eq(users.staffRole, 'admin')));
    for (const admin of admins) {
      await notify(tx, { userId: admin.id, type: 'staff_refund_waiting', text: `${actor.name} просит вернуть ${roubles(amount)} по заказу №${order.id}: ${reason}`, link: `/backoffice/orders/${order.id}`, data: { order_id: order.id } });
    }
    await audit(tx, actor, { action: 'order.refund_requested', entityType: 'refund', entityId: row!.id, after: { order_id: order.id, amount, status: 'pending' }, reason });
    return { toSend: [], pending: true };
  }
  const toSend = await executeRefund(tx, order.id, amount, reason, { requestedBy: actor.id, decidedBy: actor.id }, now);
  await audit(tx, actor, { action: 'order.refund', entityType: 'order', entityId: order.id, before: { paid }, after: { paid: paid - amount, refunded: amount }, reason });
  return { toSend, pending: false };
}

/** Cancels an active order (status cancelled_by_partner, actor staff) and refunds `refundAmount` of what was paid. */
export async function staffCancel(tx: Database, actor: StaffActor, id: number, body: { reason: string; refund_amount: number }, limit: number, now: Date): Promise<RefundOutcome> {
  const reason = requiredText(body.reason, 'reason', 'Укажите причину отмены: клиент её увидит.', 1000);
  const order = await lockOrder(tx, id);
  if (!ACTIVE.includes(order.status)) throw conflict('Заказ уже завершён или отменён: отменить его нельзя.');
  const status: OrderStatus = 'cancelled_by_partner';
  await tx.update(orders).set({ status, cancelledAt: now, updatedAt: now, refundAmount: sql`coalesce(${orders.refundAmount}, 0)` }).where(eq(orders.id, id));
  await recordStatus(tx, { orderId: id, status, actor: 'staff', reason, at: now });
  if (holdsSeats(order.status)) {
    const reserve = reservedSeats(order.format, order.seats, order.capacity);
    await tx.update(events).set({ bookedSeats: sql`greatest(0, ${events.bookedSeats} - ${reserve})`, updatedAt: now }).where(eq(events.id, order.eventId));
    await announceSlots(tx, [order.eventId]);
  }
  await tx.update(tickets).set({ status: 'cancelled' }).where(and(eq(tickets.orderId, id), eq(tickets.status, 'active')));
  await tx.update(payments).set({ status: 'failed' }).where(and(eq(payments.orderId, id), eq(payments.status, 'pending')));
  await audit(tx, actor, { action: 'order.cancel', entityType: 'order', entityId: id, before: { status: order.status }, after: { status, refund_amount: body.refund_amount }, reason });
  const outcome = await refund(tx, actor, order, body.refund_amount, reason, limit, now);
  const money = body.refund_amount > 0 ? (outcome.pending ? `. Возврат ${roubles(body.refund_amount)} оформляется` : `. Возвращаем ${roubles(body.refund_amount)}`) : '';
  await notify(tx, { userId: order.customerId, type: 'client_order_cancelled', text: `Служба поддержки отменила заказ №${id} «${order.title}». Причина: ${reason}${money}`, link: customerLink(id), data: { order_id: id } });
  await notify(tx, { userId: order.partnerId, type: 'partner_order_cancelled', text: `Служба поддержки отменила заказ №${id} «${order.title}». Причина: ${reason}`, link: partnerLink(id), data: { order_id: id } });
  return outcome;
}

/** A refund without cancelling (a goodwill or a partial return). */
export async function staffRefund(tx: Database, actor: StaffActor, id: number, body: { amount: number; reason: string }, limit: number, now: Date): Promise<RefundOutcome> {
  const reason = requiredText(body.reason, 'reason', 'Укажите причину возврата.', 1000);
  const order = await lockOrder(tx, id);
  const outcome = await refund(tx, actor, order, body.amount, reason, limit, now);
  if (!outcome.pending) {
    await notify(tx, { userId: order.customerId, type: 'client_order_refunded', text: `Вернули ${roubles(body.amount)} по заказу №${id} «${order.title}». Причина: ${reason}`, link: customerLink(id), data: { order_id: id } });
  }
  return outcome;
}

/** An admin decides a refund waiting for them: exactly one decision wins (409 for the other). */
export async function decideRefund(tx: Database, admin: StaffActor, refundId: number, approve: boolean, rawReason: string | undefined, now: Date): Promise<{ orderId: number; toSend: (number | null)[] }> {
  const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for('update');
  if (!row) throw notFound();
  if (row.status !== 'pending') throw conflict('Решение по этому возврату уже принято.');
  const order = await lockOrder(tx, row.orderId);
  if (!approve) {
    const reason = requiredText(rawReason, 'reason', 'Укажите причину отказа.', 1000);
    await tx.update(orderRefunds).set({ status: 'rejected', decidedBy: admin.id, decidedAt: now }).where(eq(orderRefunds.id, refundId));
    await audit(tx, admin, { action: 'refund.reject', entityType: 'refund', entityId: refundId, before: { status: 'pending' }, after: { status: 'rejected' }, reason });
    return { orderId: row.orderId, toSend: [] };
  }
  const { paid } = await money(tx, row.orderId);
  if (row.amount > paid) throw new HttpError(422, `Вернуть можно не больше ${roubles(paid)}.`, { amount: [`Вернуть можно не больше ${roubles(paid)}.`] });
  const toSend = await executeRefund(tx, row.orderId, row.amount, row.reason, { requestedBy: row.requestedBy, decidedBy: admin.id }, now, refundId);
  await audit(tx, admin, { action: 'refund.approve', entityType: 'refund', entityId: refundId, before: { status: 'pending' }, after: { status: 'succeeded', amount: row.amount, order_id: row.orderId }, reason: row.reason });
  await notify(tx, { userId: order.customerId, type: 'client_order_refunded', text: `Вернули ${roubles(row.amount)} по заказу №${order.id} «${order.title}». Причина: ${row.reason}`, link: customerLink(order.id), data: { order_id: order.id } });
  return { orderId: row.orderId, toSend };
}

/** The customer is sent their tickets again (a notification linking the order page with the QR codes). */
export async function resendTickets(tx: Database, actor: StaffActor, id: number): Promise<void> {
  const order = await lockOrder(tx, id);
  const active = await tx.select({ code: tickets.code }).from(tickets).where(and(eq(tickets.orderId, id), eq(tickets.status, 'active')));
  if (!['confirmed', 'completed'].includes(order.status) || active.length === 0) {
    const message = 'У заказа нет действующих билетов.';
    throw new HttpError(422, message, { tickets: [message] });
  }
  await notify(tx, { userId: order.customerId, type: 'client_tickets_resent', text: `Билеты по заказу №${id} «${order.title}» — в заказе: покажите QR-код гиду.`, link: customerLink(id), data: { order_id: id } });
  await audit(tx, actor, { action: 'order.resend_tickets', entityType: 'order', entityId: id, after: { tickets: active.length } });
}

/** More time to pay: the hold moves by `minutes` (from now when it has lapsed but the order is still open). */
export async function extendHold(tx: Database, actor: StaffActor, id: number, minutes: number, now: Date): Promise<void> {
  const order = await lockOrder(tx, id);
  if (order.status !== 'awaiting_payment') throw conflict('Заказ не ждёт оплаты: продлевать нечего.');
  const from = order.paymentDueAt && order.paymentDueAt > now ? order.paymentDueAt : now;
  const until = new Date(from.getTime() + minutes * 60_000);
  await tx.update(orders).set({ paymentDueAt: until, updatedAt: now }).where(eq(orders.id, id));
  const time = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(until);
  await notify(tx, { userId: order.customerId, type: 'client_order_hold_extended', text: `Время на оплату заказа №${id} продлено до ${time} (мск).`, link: customerLink(id), data: { order_id: id } });
  await audit(tx, actor, { action: 'order.extend_hold', entityType: 'order', entityId: id, before: { payment_due_at: order.paymentDueAt?.toISOString() ?? null }, after: { payment_due_at: until.toISOString() } });
}
