import { recordStatus } from '../orders/history';
import { recordRefund, sendRefunds } from '../orders/refunds';
import type { PaymentStart } from '@excursio/shared/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, payments } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChange } from '../notifications/order-notices';
import { issueTickets } from '../tickets/issue';
import { defaultPaymentProvider } from './provider';

export const PAYMENT_EXPIRED_MESSAGE = 'Время на оплату истекло, места освобождены. Оформите заказ заново.';

/**
 * Starts paying the prepayment of an order awaiting payment. Idempotent: while a started payment is pending,
 * every call answers that same payment.
 */
export async function startPayment(db: Database, orderId: number, customerId: number, now: Date): Promise<PaymentStart> {
  const provider = defaultPaymentProvider();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        prepayment: orders.prepayment,
        paymentDueAt: orders.paymentDueAt,
        startsAt: events.startsAt,
        title: excursions.title,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
      .limit(1)
      .for('update', { of: orders });
    if (!order) throw notFound();
    const holdOver = order.paymentDueAt !== null && order.paymentDueAt.getTime() <= now.getTime();
    if (order.status === 'expired' || (order.status === 'awaiting_payment' && holdOver)) {
      throw new HttpError(422, PAYMENT_EXPIRED_MESSAGE, { status: [PAYMENT_EXPIRED_MESSAGE] });
    }
    if (order.status !== 'awaiting_payment') {
      const message =
        order.status === 'awaiting_confirmation'
          ? 'Заказ ещё не подтверждён гидом: оплатить его можно после подтверждения.'
          : 'Этот заказ не ожидает оплаты.';
      throw new HttpError(422, message, { status: [message] });
    }
    if (order.startsAt.getTime() <= now.getTime()) {
      const message = 'Экскурсия уже началась: оплатить заказ нельзя.';
      throw new HttpError(422, message, { status: [message] });
    }
    const [pending] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending'), eq(payments.provider, provider.name)))
      .orderBy(desc(payments.id))
      .limit(1);
    if (pending?.externalId && pending.amount === order.prepayment) {
      return { payment_id: pending.externalId, confirmation_url: provider.confirmationUrl(pending.externalId) };
    }
    const [created] = await tx
      .insert(payments)
      .values({ orderId: order.id, provider: provider.name, amount: order.prepayment, createdAt: now })
      .returning({ id: payments.id });
    const started = await provider.start({
      id: created!.id,
      orderId: order.id,
      amount: order.prepayment,
      description: `Предоплата заказа №${order.id}: ${order.title}`,
    });
    await tx.update(payments).set({ externalId: started.externalId }).where(eq(payments.id, created!.id));
    return { payment_id: started.externalId, confirmation_url: started.confirmationUrl };
  });
}

export interface PaymentView {
  externalId: string;
  orderId: number;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  /** The order's status and the end of its payment hold (the page shows the time left). */
  orderStatus: typeof orders.$inferSelect.status;
  paymentDueAt: Date | null;
  title: string;
  startsAt: Date;
  /** IANA zone of the excursion's city. */
  timeZone: string;
}

/** A payment of a provider by its id there (for the provider's page), or a 404. */
export async function findPayment(db: Database, providerName: string, externalId: string): Promise<PaymentView> {
  const [row] = await db
    .select({
      externalId: payments.externalId,
      orderId: payments.orderId,
      amount: payments.amount,
      status: payments.status,
      orderStatus: orders.status,
      paymentDueAt: orders.paymentDueAt,
      title: excursions.title,
      startsAt: events.startsAt,
      timeZone: cities.timeZone,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(payments.provider, providerName), eq(payments.externalId, externalId)))
    .limit(1);
  if (!row || !row.externalId) throw notFound();
  return { ...row, externalId: row.externalId };
}

/** The provider's verdict on a pending payment (idempotent): paid confirms and tickets the order, or refunds a cancelled one. */
export async function completePayment(
  db: Database,
  broadcaster: Broadcaster,
  input: { provider: string; externalId: string; outcome: 'succeeded' | 'failed'; now: Date },
): Promise<{ orderId: number }> {
  const { now } = input;
  const refund = await withEvents(db, broadcaster, async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: input.outcome, paidAt: input.outcome === 'succeeded' ? now : null })
      .where(
        and(eq(payments.provider, input.provider), eq(payments.externalId, input.externalId), eq(payments.status, 'pending')),
      )
      .returning({ id: payments.id, orderId: payments.orderId, amount: payments.amount });
    if (!payment) {
      const existing = await findPayment(tx, input.provider, input.externalId);
      return { orderId: existing.orderId, amount: 0 };
    }
    if (input.outcome === 'failed') return { orderId: payment.orderId, amount: 0 };
    const [order] = await tx
      .update(orders)
      .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
      .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'awaiting_payment')))
      .returning({ id: orders.id, seats: orders.seats });
    if (order) {
      await recordStatus(tx, { orderId: order.id, status: 'confirmed', actor: 'client', at: now });
      await issueTickets(tx, order.id, order.seats, now);
      await notifyOrderChange(tx, order.id, { kind: 'paid' });
      return { orderId: order.id, amount: 0 };
    }
    await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
    const toSend = await recordRefund(tx, {
      orderId: payment.orderId,
      paymentId: payment.id,
      provider: input.provider,
      paymentExternalId: input.externalId,
      amount: payment.amount,
      reason: 'Оплата пришла после отмены заказа',
      now,
    });
    return { orderId: payment.orderId, amount: payment.amount, toSend: [toSend] };
  });
  if ('toSend' in refund && refund.toSend) await sendRefunds(db, refund.toSend);
  return { orderId: refund.orderId };
}
