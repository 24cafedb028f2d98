import { recordStatus } from '../orders/history';
import { selectOrdersWithPlace } from '../orders/orderPlace';
import { recordRefund } from '../orders/refunds';
import type { PaymentStart } from '@excursio/shared/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, payments, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChange } from '../notifications/order-notices';
import { issueTickets } from '../tickets/issue';
import { ProviderUnavailableError, TEST_PAYMENT_PATH, type PaymentProvider, type ProviderPayment, type ReceiptInput } from './provider';
import { queuePaymentMail } from './mails';

export const PAYMENT_EXPIRED_MESSAGE = 'Время на оплату истекло, места освобождены. Оформите заказ заново.';
export const PROVIDER_DOWN_MESSAGE = 'Платёжная система не ответила. Попробуйте ещё раз через минуту: деньги не спишутся дважды.';

/** The idempotence key of one payment row: every call about it (the customer's retry, the worker's) sends the same. */
export const idempotenceKeyOf = (payment: { id: number; createdAt: Date }) => `excursio-payment-${payment.id}-${payment.createdAt.getTime()}`;

export interface StartPaymentInput {
  orderId: number;
  customerId: number;
  now: Date;
  /** The site's address (PUBLIC_URL): the customer comes back to its order page; relative without one. */
  publicUrl: string | null;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Starts paying the prepayment of an order awaiting payment. Idempotent: while a started payment is pending,
 * every call answers that same payment. The provider is called outside any transaction (the customer waits for its
 * page, the database does not), with the payment row's idempotence key: a call that timed out is simply made again
 * (here or by the worker) and the provider answers the payment it already made — never a second charge.
 */
export async function startPayment(db: Database, provider: PaymentProvider, input: StartPaymentInput): Promise<PaymentStart> {
  const { now, orderId, customerId } = input;
  const prepared = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        prepayment: orders.prepayment,
        total: orders.total,
        participants: orders.participants,
        contactPhone: orders.contactPhone,
        paymentDueAt: orders.paymentDueAt,
        startsAt: events.startsAt,
        title: excursions.title,
        email: users.email,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .innerJoin(users, eq(users.id, orders.customerId))
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
    let row: PaymentRow | undefined = pending?.amount === order.prepayment ? pending : undefined;
    if (!row) {
      // A receipt goes to the confirmed e-mail, else to the order's phone (54-ФЗ wants one of them).
      const receiptTo = provider.read ? (order.email ?? order.contactPhone.replace(/\D/g, '')) : null;
      [row] = await tx
        .insert(payments)
        .values({ orderId: order.id, provider: provider.name, amount: order.prepayment, receiptTo, createdAt: now })
        .returning();
    }
    return { order, row: row! };
  });
  const { order, row } = prepared;
  if (row.externalId) {
    // rows of the test provider made before the page address was stored
    return { payment_id: row.externalId, confirmation_url: row.confirmationUrl ?? `${TEST_PAYMENT_PATH}/${row.externalId}` };
  }
  try {
    const stored = await registerAtProvider(db, provider, row, order, input.publicUrl);
    return { payment_id: stored.externalId, confirmation_url: stored.confirmationUrl };
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new HttpError(503, PROVIDER_DOWN_MESSAGE, {});
    throw error;
  }
}

/** What a payment row is registered at its provider with: built from stored rows only, so every retry sends the same. */
export function providerPaymentOf(
  row: PaymentRow,
  order: { id: number; title: string; participants: ReceiptInput['participants']; total: number },
  publicUrl: string | null,
): ProviderPayment {
  const returnPath = `/account/user/${order.id}`;
  return {
    id: row.id,
    orderId: order.id,
    amount: row.amount,
    description: `Предоплата заказа №${order.id}: ${order.title}`,
    idempotenceKey: idempotenceKeyOf(row),
    returnUrl: publicUrl ? `${publicUrl}${returnPath}` : returnPath,
    receipt: row.receiptTo ? { to: row.receiptTo, participants: order.participants, total: order.total, title: order.title } : null,
  };
}

/**
 * Registers a payment row at its provider (idempotent by the row's key) and stores its id and page; two racing calls
 * for one row store the first answer and both return what is stored.
 */
export async function registerAtProvider(
  db: Database,
  provider: PaymentProvider,
  row: PaymentRow,
  order: Parameters<typeof providerPaymentOf>[1],
  publicUrl: string | null,
): Promise<{ externalId: string; confirmationUrl: string }> {
  const started = await provider.start(providerPaymentOf(row, order, publicUrl));
  await db
    .update(payments)
    .set({ externalId: started.externalId, confirmationUrl: started.confirmationUrl })
    .where(and(eq(payments.id, row.id), isNull(payments.externalId)));
  const [stored] = await db.select().from(payments).where(eq(payments.id, row.id));
  return { externalId: stored!.externalId!, confirmationUrl: stored!.confirmationUrl! };
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
  const [row] = await selectOrdersWithPlace(db, {
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
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(payments.provider, providerName), eq(payments.externalId, externalId)))
    .limit(1);
  if (!row || !row.externalId) throw notFound();
  return { ...row, externalId: row.externalId };
}

/**
 * The provider's verdict on a pending payment (idempotent: only a pending payment changes, so replays and late
 * reports change nothing). Paid confirms and tickets the order, or — the order can no longer be paid (cancelled,
 * expired meanwhile) — refunds it in full through the outbox.
 */
export async function completePayment(
  db: Database,
  broadcaster: Broadcaster,
  input: { provider: string; externalId: string; outcome: 'succeeded' | 'failed'; now: Date },
): Promise<{ orderId: number; changed: boolean }> {
  const { now } = input;
  return withEvents(db, broadcaster, async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: input.outcome, paidAt: input.outcome === 'succeeded' ? now : null })
      .where(
        and(eq(payments.provider, input.provider), eq(payments.externalId, input.externalId), eq(payments.status, 'pending')),
      )
      .returning();
    if (!payment) {
      const existing = await findPayment(tx, input.provider, input.externalId);
      return { orderId: existing.orderId, changed: false };
    }
    if (input.outcome === 'failed') return { orderId: payment.orderId, changed: true };
    const [order] = await tx
      .update(orders)
      .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
      .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'awaiting_payment')))
      .returning({ id: orders.id, seats: orders.seats });
    if (order) {
      await recordStatus(tx, { orderId: order.id, status: 'confirmed', actor: 'client', at: now });
      await issueTickets(tx, order.id, order.seats, now);
      await notifyOrderChange(tx, order.id, { kind: 'paid' });
      await queuePaymentMail(tx, payment, now);
      return { orderId: order.id, changed: true };
    }
    await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
    await recordRefund(tx, {
      orderId: payment.orderId,
      paymentId: payment.id,
      provider: payment.provider,
      paymentExternalId: input.externalId,
      amount: payment.amount,
      reason: 'Оплата пришла после отмены заказа',
      receiptTo: payment.receiptTo,
      now,
    });
    return { orderId: payment.orderId, changed: true };
  });
}
