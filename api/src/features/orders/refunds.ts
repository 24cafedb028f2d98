import type { Database } from '../../db/client';
import { orderRefunds } from '../../db/schema';
import { queueRefund } from '../payments/refunds';

/** A refund of (part of) one payment, decided in the caller's transaction. */
export interface RefundInput {
  orderId: number;
  paymentId: number;
  provider: string;
  /** The payment's id at the provider (none: nothing to send, e.g. a seeded payment). */
  paymentExternalId: string | null;
  /** Whole roubles. */
  amount: number;
  reason: string;
  /** Where the refund receipt goes (what the payment's receipt went to); null: none. */
  receiptTo?: string | null;
  requestedBy?: number | null;
  decidedBy?: number | null;
  now: Date;
}

/**
 * Records a refund in the caller's transaction, once, whatever the path (a cancellation's, a late payment's, staff's):
 * an `order_refunds` row, so the back office lists it, and its delivery to the provider in the outbox, written with
 * the same change — a provider that is down delays the money, never loses it; the provider's refund id lands on the
 * row once it is accepted. Returns the outbox row to deliver right after the commit (null: nothing to send).
 */
export async function recordRefund(tx: Database, input: RefundInput): Promise<number | null> {
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: input.orderId,
      paymentId: input.paymentId,
      provider: input.provider,
      amount: input.amount,
      status: 'succeeded',
      reason: input.reason,
      requestedBy: input.requestedBy ?? null,
      decidedBy: input.decidedBy ?? null,
      createdAt: input.now,
      decidedAt: input.now,
    })
    .returning({ id: orderRefunds.id });
  return sendRecordedRefund(tx, row!.id, input);
}

/** Queues the delivery of a refund row already written (an admin approving a waiting request). */
export async function sendRecordedRefund(
  tx: Database,
  refundRowId: number,
  input: Pick<RefundInput, 'orderId' | 'paymentId' | 'provider' | 'paymentExternalId' | 'amount' | 'receiptTo' | 'now'>,
): Promise<number | null> {
  if (!input.paymentExternalId || input.amount <= 0) return null;
  return queueRefund(
    tx,
    {
      refundRowId,
      paymentId: input.paymentId,
      provider: input.provider,
      externalId: input.paymentExternalId,
      amount: input.amount,
      orderId: input.orderId,
      receiptTo: input.receiptTo ?? null,
    },
    input.now,
  );
}
