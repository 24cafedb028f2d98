import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { announceSlots } from './slot-news';
import type { Database } from '../../db/client';
import { events, excursions, orderProposals, orders, payments, tickets, type OrderStatus } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChange } from '../notifications/order-notices';
import type { OrderChange } from '../notifications/order-texts';
import { LOCAL_PAYMENT_PROVIDERS } from '../payments/provider';
import { recordRefund } from './refunds';
import { queueAlternativesMail } from './alternatives';
import { reservedSeats } from './seats';
import { recordStatus } from './history';
import type { OrdersConfig } from '../../config';
import { paymentDeadline } from '../lifecycle/deadlines';
import { CANCELLABLE, customerRefundPercent, refundOf } from './refund';

const STATUS_RU: Record<OrderStatus, string> = {
  awaiting_confirmation: 'ожидает подтверждения',
  awaiting_payment: 'ожидает оплаты',
  confirmed: 'подтверждён',
  completed: 'завершён',
  declined: 'отклонён',
  expired: 'просрочен',
  cancelled_by_customer: 'отменён',
  cancelled_by_partner: 'отменён гидом',
  no_show: 'закрыт: клиент не пришёл',
};

const wrongState = (status: OrderStatus, action: string) => {
  const message = `Заказ ${STATUS_RU[status]}: ${action} нельзя.`;
  return new HttpError(422, message, { status: [message] });
};

export interface EndOrder {
  /** Who may touch the order (customer or partner ownership): anything else is a 404. */
  where: SQL;
  to: Extract<OrderStatus, 'cancelled_by_customer' | 'cancelled_by_partner' | 'declined'>;
  from: readonly OrderStatus[];
  action: string;
  /** The reason given (shown to the other side, kept in the order's history). */
  reason?: string | null;
  /** Refund this share of the paid prepayment instead of the rule's (the customer refusing the guide's proposals: 100). */
  refundPercent?: number;
  /** Runs in the same transaction once the order is locked and its state checked (e.g. settling a proposal). */
  within?: (tx: Database, orderId: number) => Promise<void>;
  /**
   * The customer's one letter about this end, queued in the same transaction, instead of the default (a declined
   * request's alternatives): a group cancelled below its minimum says why, the refund and the nearest dates.
   */
  letter?: EndLetter;
  now: Date;
}

export type EndLetter = (tx: Database, orderId: number, refund: number) => Promise<void>;

/** The guide's pending proposal of other times is over once the order is decided otherwise. */
async function withdrawProposals(tx: Database, orderId: number, now: Date): Promise<void> {
  await tx
    .update(orderProposals)
    .set({ status: 'withdrawn', resolvedAt: now })
    .where(and(eq(orderProposals.orderId, orderId), eq(orderProposals.status, 'pending')));
}

/** Seats are held from the moment an order can be paid; a request (awaiting_confirmation) holds none. */
export const holdsSeats = (status: OrderStatus) => status === 'awaiting_payment' || status === 'confirmed';

/**
 * Ends an order: status, seats back to the slot, tickets cancelled, the paid prepayment refunded (by the
 * /docs/vozvrat time rule when the customer cancels, in full when the partner does). Returns the refund.
 */
export async function endOrder(db: Database, broadcaster: Broadcaster, input: EndOrder): Promise<{ id: number; refund: number }> {
  const { now } = input;
  return withEvents(db, broadcaster, async (tx) => {
    const [row] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        seats: orders.seats,
        eventId: orders.eventId,
        startsAt: events.startsAt,
        capacity: events.capacity,
        format: excursions.format,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(input.where)
      .limit(1)
      .for('update', { of: orders });
    if (!row) throw notFound();
    if (!input.from.includes(row.status)) throw wrongState(row.status, input.action);
    if (input.to === 'cancelled_by_customer' && row.startsAt.getTime() <= now.getTime()) {
      const message = 'Экскурсия уже началась: отменить заказ нельзя.';
      throw new HttpError(422, message, { status: [message] });
    }
    const paid = await tx
      .select({
        id: payments.id,
        amount: payments.amount,
        provider: payments.provider,
        externalId: payments.externalId,
        receiptTo: payments.receiptTo,
      })
      .from(payments)
      .where(and(eq(payments.orderId, row.id), eq(payments.status, 'succeeded')));
    if (input.within) await input.within(tx, row.id);
    const percent = input.refundPercent ?? (input.to === 'cancelled_by_customer' ? customerRefundPercent(row.startsAt, now) : 100);
    const refunds = paid.map((p) => ({ ...p, refund: refundOf(p.amount, percent) }));
    const refund = refunds.reduce((sum, p) => sum + p.refund, 0);

    await tx
      .update(orders)
      .set({ status: input.to, cancelledAt: now, updatedAt: now, refundAmount: refund })
      .where(eq(orders.id, row.id));
    await recordStatus(tx, {
      orderId: row.id,
      status: input.to,
      actor: input.to === 'cancelled_by_customer' ? 'client' : 'partner',
      reason: input.reason,
      at: now,
    });
    if (holdsSeats(row.status)) {
      const reserve = reservedSeats(row.format, row.seats, row.capacity);
      await tx
        .update(events)
        .set({ bookedSeats: sql`greatest(0, ${events.bookedSeats} - ${reserve})`, updatedAt: now })
        .where(eq(events.id, row.eventId));
      await announceSlots(tx, [row.eventId]);
    }
    await tx
      .update(tickets)
      .set({ status: 'cancelled' })
      .where(and(eq(tickets.orderId, row.id), eq(tickets.status, 'active')));
    await withdrawProposals(tx, row.id, now);
    // A pending payment of a real provider may still succeed there: the worker re-reads it and refunds it if it does.
    await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.orderId, row.id), eq(payments.status, 'pending'), inArray(payments.provider, [...LOCAL_PAYMENT_PROVIDERS])));
    const refunded = refunds.filter((p) => p.refund > 0);
    if (refunded.length > 0) {
      await tx
        .update(payments)
        .set({ status: 'refunded' })
        .where(inArray(payments.id, refunded.map((p) => p.id)));
      // Each refund recorded once, its money sent through the outbox written with this change: a provider that is
      // down delays it, never loses it (the lifecycle worker delivers it).
      for (const p of refunded) {
        await recordRefund(tx, {
          orderId: row.id,
          paymentId: p.id,
          provider: p.provider,
          paymentExternalId: p.externalId,
          amount: p.refund,
          reason: input.reason ?? input.action,
          receiptTo: p.receiptTo,
          now,
        });
      }
    }
    await notifyOrderChange(tx, row.id, endChange(input.to, refund, input.reason));
    if (input.letter) await input.letter(tx, row.id, refund);
    else if (input.to === 'declined') await queueAlternativesMail(tx, row.id, 'declined', now);
    return { id: row.id, refund };
  });
}

/** What the other side is told about an ended order. */
function endChange(to: EndOrder['to'], refund: number, reason: string | null | undefined): OrderChange {
  if (to === 'declined') return { kind: 'declined', reason: reason ?? null };
  return to === 'cancelled_by_customer' ? { kind: to } : { kind: to, refund, reason: reason ?? null };
}

export const customerCancel = (db: Database, broadcaster: Broadcaster, orderId: number, customerId: number, now: Date) =>
  endOrder(db, broadcaster, {
    where: and(eq(orders.id, orderId), eq(orders.customerId, customerId))!,
    to: 'cancelled_by_customer',
    from: CANCELLABLE,
    action: 'отменить его',
    now,
  });

const ofPartner = (orderId: number, partnerId: number) => and(eq(orders.id, orderId), eq(orders.partnerId, partnerId))!;

export const partnerDecline = (db: Database, broadcaster: Broadcaster, orderId: number, partnerId: number, now: Date, reason?: string, letter?: EndLetter) =>
  endOrder(db, broadcaster, {
    where: ofPartner(orderId, partnerId),
    to: 'declined',
    from: ['awaiting_confirmation'],
    action: 'отклонить его',
    reason: reason ?? null,
    letter,
    now,
  });

export const partnerCancel = (db: Database, broadcaster: Broadcaster, orderId: number, partnerId: number, now: Date, reason?: string, letter?: EndLetter) =>
  endOrder(db, broadcaster, {
    where: ofPartner(orderId, partnerId),
    to: 'cancelled_by_partner',
    reason: reason ?? null,
    from: ['awaiting_payment', 'confirmed'],
    action: 'отменить его',
    letter,
    now,
  });

/**
 * The partner accepts a request: its seats are taken now, in the same transaction (one conditional UPDATE, so
 * two acceptances racing for the last seats never both succeed: the loser gets 409), and the customer may pay.
 */
export async function partnerConfirm(
  db: Database,
  broadcaster: Broadcaster,
  orderId: number,
  partnerId: number,
  now: Date,
  hold: Pick<OrdersConfig, 'paymentHoldMin'> = { paymentHoldMin: 15 },
): Promise<void> {
  await withEvents(db, broadcaster, async (tx) => {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status, seats: orders.seats, eventId: orders.eventId, format: excursions.format })
      .from(orders)
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(ofPartner(orderId, partnerId))
      .limit(1)
      .for('update', { of: orders });
    if (!row) throw notFound();
    if (row.status !== 'awaiting_confirmation') throw wrongState(row.status, 'подтвердить его');
    const [taken] = await tx
      .update(events)
      .set({
        bookedSeats: sql`${events.bookedSeats} + (case when ${row.format} = 'individual' then ${events.capacity} else ${row.seats} end)`,
        updatedAt: now,
      })
      .where(
        and(
          eq(events.id, row.eventId),
          gt(events.startsAt, now),
          sql`${events.bookedSeats} + (case when ${row.format} = 'individual' then ${events.capacity} else ${row.seats} end) <= ${events.capacity}`,
        ),
      )
      .returning({ id: events.id, startsAt: events.startsAt });
    if (!taken) throw new HttpError(409, NO_SEATS_TO_ACCEPT, { status: [NO_SEATS_TO_ACCEPT] });
    await tx
      .update(orders)
      .set({ status: 'awaiting_payment', paymentDueAt: paymentDeadline(now, taken.startsAt, hold), respondBy: null, updatedAt: now })
      .where(eq(orders.id, row.id));
    await recordStatus(tx, { orderId: row.id, status: 'awaiting_payment', actor: 'partner', at: now });
    await announceSlots(tx, [row.eventId]);
    await withdrawProposals(tx, row.id, now);
    await notifyOrderChange(tx, row.id, { kind: 'confirmed' });
  });
}

const NO_SEATS_TO_ACCEPT = 'На это время уже не осталось столько свободных мест: подтвердить заказ нельзя.';

const NO_SHOW_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The partner marks that the customer did not come: after the slot's end (start + duration) and within 24 hours of
 * it, for a confirmed or completed order whose tickets were not checked in. No refund; the customer is told.
 */
export async function partnerNoShow(db: Database, broadcaster: Broadcaster, orderId: number, partnerId: number, now: Date): Promise<void> {
  await withEvents(db, broadcaster, async (tx) => {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status, startsAt: events.startsAt, duration: excursions.durationMinutes })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(ofPartner(orderId, partnerId))
      .limit(1)
      .for('update', { of: orders });
    if (!row) throw notFound();
    if (row.status !== 'confirmed' && row.status !== 'completed') throw wrongState(row.status, 'отметить неявку');
    const end = row.startsAt.getTime() + row.duration * 60_000;
    const refuse = (message: string) => new HttpError(422, message, { status: [message] });
    if (now.getTime() < end) throw refuse('Отметить неявку можно после окончания экскурсии.');
    if (now.getTime() > end + NO_SHOW_WINDOW_MS) throw refuse('Отметить неявку можно только в течение суток после окончания экскурсии.');
    const [redeemed] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.orderId, row.id), eq(tickets.status, 'redeemed')))
      .limit(1);
    if (redeemed) throw refuse('Билеты этого заказа отмечены на входе: неявку отметить нельзя.');
    await tx.update(orders).set({ status: 'no_show', updatedAt: now }).where(eq(orders.id, row.id));
    await recordStatus(tx, { orderId: row.id, status: 'no_show', actor: 'partner', at: now });
    await notifyOrderChange(tx, row.id, { kind: 'no_show' });
  });
}
