import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, excursions, orders, payments, tickets, type OrderStatus } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChange } from '../notifications/order-notices';
import type { OrderChange } from '../notifications/order-texts';
import { paymentProvider } from '../payments/provider';
import { reservedSeats } from './create';
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
  now: Date;
}

/**
 * Ends an order: status, seats back to the slot, tickets cancelled, the paid prepayment refunded (by the
 * /docs/vozvrat time rule when the customer cancels, in full when the partner does). Returns the refund.
 */
export async function endOrder(db: Database, broadcaster: Broadcaster, input: EndOrder): Promise<{ id: number; refund: number }> {
  const { now } = input;
  const result = await withEvents(db, broadcaster, async (tx) => {
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
      .select({ id: payments.id, amount: payments.amount, provider: payments.provider, externalId: payments.externalId })
      .from(payments)
      .where(and(eq(payments.orderId, row.id), eq(payments.status, 'succeeded')));
    const percent = input.to === 'cancelled_by_customer' ? customerRefundPercent(row.startsAt, now) : 100;
    const refunds = paid.map((p) => ({ ...p, refund: refundOf(p.amount, percent) }));
    const refund = refunds.reduce((sum, p) => sum + p.refund, 0);

    await tx
      .update(orders)
      .set({ status: input.to, cancelledAt: now, updatedAt: now, refundAmount: refund })
      .where(eq(orders.id, row.id));
    const reserve = reservedSeats(row.format, row.seats, row.capacity);
    await tx
      .update(events)
      .set({ bookedSeats: sql`greatest(0, ${events.bookedSeats} - ${reserve})`, updatedAt: now })
      .where(eq(events.id, row.eventId));
    await tx
      .update(tickets)
      .set({ status: 'cancelled' })
      .where(and(eq(tickets.orderId, row.id), eq(tickets.status, 'active')));
    await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.orderId, row.id), eq(payments.status, 'pending')));
    const refunded = refunds.filter((p) => p.refund > 0);
    if (refunded.length > 0) {
      await tx
        .update(payments)
        .set({ status: 'refunded' })
        .where(inArray(payments.id, refunded.map((p) => p.id)));
    }
    await notifyOrderChange(tx, row.id, endChange(input.to, refund));
    return { id: row.id, refund, refunded };
  });
  // The money moves once the database agrees (the test provider only records it).
  for (const p of result.refunded) {
    if (p.externalId) await paymentProvider(p.provider).refund(p.externalId, p.refund);
  }
  return { id: result.id, refund: result.refund };
}

/** What the other side is told about an ended order. */
function endChange(to: EndOrder['to'], refund: number): OrderChange {
  if (to === 'declined') return { kind: 'declined' };
  return to === 'cancelled_by_customer' ? { kind: to } : { kind: to, refund };
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

export const partnerDecline = (db: Database, broadcaster: Broadcaster, orderId: number, partnerId: number, now: Date) =>
  endOrder(db, broadcaster, { where: ofPartner(orderId, partnerId), to: 'declined', from: ['awaiting_confirmation'], action: 'отклонить его', now });

export const partnerCancel = (db: Database, broadcaster: Broadcaster, orderId: number, partnerId: number, now: Date) =>
  endOrder(db, broadcaster, {
    where: ofPartner(orderId, partnerId),
    to: 'cancelled_by_partner',
    from: ['awaiting_payment', 'confirmed'],
    action: 'отменить его',
    now,
  });

/** The partner accepts an order that needs confirmation: the customer may now pay. */
export async function partnerConfirm(db: Database, broadcaster: Broadcaster, orderId: number, partnerId: number, now: Date): Promise<void> {
  const updated = await withEvents(db, broadcaster, async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'awaiting_payment', updatedAt: now })
      .where(and(ofPartner(orderId, partnerId), eq(orders.status, 'awaiting_confirmation')))
      .returning({ id: orders.id });
    if (row) await notifyOrderChange(tx, row.id, { kind: 'confirmed' });
    return row;
  });
  if (updated) return;
  const existing = await db.query.orders.findFirst({ columns: { status: true }, where: ofPartner(orderId, partnerId) });
  if (!existing) throw notFound();
  throw wrongState(existing.status, 'подтвердить его');
}
