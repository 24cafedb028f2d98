import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderRefunds } from '../../db/schema';
import { paymentProvider } from '../payments/provider';

/** A refund the database agreed to, waiting to be sent to its payment provider once the transaction commits. */
export interface RefundToSend {
  refundRowId: number;
  provider: string;
  /** The payment's id at the provider (none: nothing to send, e.g. a seeded payment). */
  paymentExternalId: string | null;
  amount: number;
}

/**
 * Records a succeeded refund of (part of) a payment in the caller's transaction: every refund — a cancellation's, a
 * late payment's, staff's — is an `order_refunds` row, so the back office lists them with the provider's ids.
 */
export async function recordRefund(
  tx: Database,
  input: { orderId: number; paymentId: number; provider: string; paymentExternalId: string | null; amount: number; reason: string; requestedBy?: number | null; decidedBy?: number | null; now: Date },
): Promise<RefundToSend> {
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
  return { refundRowId: row!.id, provider: input.provider, paymentExternalId: input.paymentExternalId, amount: input.amount };
}

/** After the commit: the money moves at the provider and the refund keeps the provider's id. */
export async function sendRefunds(db: Database, refunds: readonly RefundToSend[]): Promise<void> {
  for (const r of refunds) {
    if (!r.paymentExternalId || r.amount <= 0) continue;
    const { refundId } = await paymentProvider(r.provider).refund(r.paymentExternalId, r.amount);
    await db.update(orderRefunds).set({ externalId: refundId }).where(eq(orderRefunds.id, r.refundRowId));
  }
}
