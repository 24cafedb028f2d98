import { and, asc, eq, inArray, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { excursions, orders, payments } from '../../db/schema';
import type { Broadcaster } from '../../realtime';
import { LOCAL_PAYMENT_PROVIDERS, type PaymentProviders } from './provider';
import { completePayment, registerAtProvider } from './service';

export type Settled = 'succeeded' | 'failed' | 'pending' | 'unknown' | 'mismatch';

/**
 * Re-reads a payment at its provider and acts on what the provider says, never on what a notification claimed.
 * The provider's amount and order must be ours; only a pending payment of ours changes (completePayment).
 */
export async function settleFromProvider(
  deps: { db: Database; broadcaster: Broadcaster; providers: PaymentProviders; log: Pick<FastifyBaseLogger, 'warn'> },
  providerName: string,
  externalId: string,
  now: Date,
  signal?: AbortSignal,
): Promise<Settled> {
  const provider = deps.providers.get(providerName);
  if (!provider.read) return 'unknown';
  const [local] = await deps.db
    .select({ orderId: payments.orderId, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.externalId, externalId)))
    .limit(1);
  if (!local) return 'unknown';
  const remote = await provider.read(externalId, signal);
  if (remote.amount !== local.amount || remote.orderId !== local.orderId) {
    deps.log.warn({ provider: providerName, externalId, orderId: local.orderId }, 'payments: the provider reports another amount or order; nothing changed');
    return 'mismatch';
  }
  if (remote.status === 'pending') return 'pending';
  await completePayment(deps.db, deps.broadcaster, { provider: providerName, externalId, outcome: remote.status, now });
  return remote.status;
}

const RECHECK_MS = 60_000;
/** A payment whose registration's outcome is unknown is asked again (same key) after this long. */
const UNKNOWN_AFTER_MS = 30_000;

/**
 * The worker's pass over pending payments of real providers (no webhook is ever the only path): each is re-read at
 * most once a minute; one whose registration timed out is registered again with its own idempotence key (the
 * provider answers the payment it made, if it made one), then re-read like the others.
 */
export async function settlePendingPayments(
  deps: Parameters<typeof settleFromProvider>[0] & { publicUrl: string | null },
  now: Date,
  limit = 50,
): Promise<number> {
  const due = await deps.db
    .select({ payment: payments, title: excursions.title, participants: orders.participants, total: orders.total })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .where(
      and(
        eq(payments.status, 'pending'),
        notInArray(payments.provider, [...LOCAL_PAYMENT_PROVIDERS]),
        lte(payments.createdAt, new Date(now.getTime() - UNKNOWN_AFTER_MS)),
        or(isNull(payments.checkedAt), lte(payments.checkedAt, new Date(now.getTime() - RECHECK_MS))),
      ),
    )
    .orderBy(asc(payments.checkedAt), asc(payments.id))
    .limit(limit);
  if (due.length === 0) return 0;
  await deps.db.update(payments).set({ checkedAt: now }).where(inArray(payments.id, due.map((d) => d.payment.id)));
  let settled = 0;
  for (const { payment, title, participants, total } of due) {
    try {
      let externalId = payment.externalId;
      if (!externalId) {
        const provider = deps.providers.get(payment.provider);
        const order = { id: payment.orderId, title, participants, total };
        externalId = (await registerAtProvider(deps.db, provider, payment, order, deps.publicUrl)).externalId;
      }
      const outcome = await settleFromProvider(deps, payment.provider, externalId, now);
      if (outcome === 'succeeded' || outcome === 'failed') settled += 1;
    } catch (error) {
      deps.log.warn({ paymentId: payment.id, reason: error instanceof Error ? error.message : String(error) }, 'payments: re-read failed; the next pass retries');
    }
  }
  return settled;
}
