import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderRefunds } from '../../db/schema';
import { enqueue, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox';
import type { PaymentProviders } from './provider';
import { YookassaRefusedError } from './yookassa/provider';

export interface RefundOrder {
  /** The `order_refunds` row this delivers (it gets the provider's refund id). */
  refundRowId: number;
  paymentId: number;
  provider: string;
  externalId: string;
  /** Whole roubles. */
  amount: number;
  orderId: number;
  receiptTo: string | null;
}

/** The outbox row's payload: a `RefundOrder`, whose `refundRowId` is absent in rows queued before refunds were recorded in `order_refunds`. */
type RefundPayload = Omit<RefundOrder, 'refundRowId'> & { refundRowId?: number } & Record<string, unknown>;

/**
 * Queues the refund of a payment in the transaction that decided it (the order's cancellation, a payment that came
 * too late, staff's refund): the outbox sends it to the provider after the commit and retries until it is accepted.
 * One delivery per refund row (orders/refunds.ts records each refund once), whatever asks twice.
 */
export function queueRefund(tx: Database, refund: RefundOrder, now: Date): Promise<number | null> {
  const payload: RefundPayload = { ...refund };
  return enqueue(
    tx,
    { kind: 'refund', recipient: `${refund.provider}:${refund.externalId}`, payload, dedupeKey: `refund:${refund.refundRowId}` },
    now,
  );
}

/**
 * The outbox's refund handler: the provider's refund call with the row's own idempotence key; the provider's refund
 * id is kept on the refund's `order_refunds` row.
 */
export function refundHandler(providers: PaymentProviders, db: Database): OutboxHandler {
  return {
    async deliver(row, { signal }) {
      const payload = row.payload as RefundPayload;
      let provider;
      try {
        provider = providers.get(payload.provider);
      } catch (error) {
        throw new PermanentDeliveryError((error as Error).message);
      }
      const done = await provider
        .refund(
        {
          externalId: payload.externalId,
          amount: payload.amount,
          idempotenceKey: `excursio-refund-${row.id}-${row.createdAt.getTime()}`,
          orderId: payload.orderId,
          receiptTo: payload.receiptTo,
        },
          signal,
        )
        .catch((error: unknown) => {
          // a refusal for good (an invalid request) fails the row at once, for staff to look at
          throw error instanceof YookassaRefusedError ? new PermanentDeliveryError(error.message) : error;
        });
      if (!done?.refundId) return undefined;
      if (payload.refundRowId !== undefined) {
        await db.update(orderRefunds).set({ externalId: done.refundId }).where(eq(orderRefunds.id, payload.refundRowId));
      }
      return { refund_id: done.refundId };
    },
  };
}
