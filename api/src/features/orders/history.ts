import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderStatusHistory, type OrderActor, type OrderStatus } from '../../db/schema';

export interface StatusStep {
  orderId: number;
  status: OrderStatus;
  actor: OrderActor;
  /** The reason given for a decline or a cancellation (shown to the other side). */
  reason?: string | null;
  at: Date;
}

/** Records a status the order moved to, inside the transaction that moves it. */
export async function recordStatus(tx: Database, step: StatusStep): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: step.orderId,
    status: step.status,
    actor: step.actor,
    reason: step.reason ?? null,
    createdAt: step.at,
  });
}

/** The same step for many orders (the lifecycle worker's batches), in one insert. */
export async function recordStatuses(tx: Database, steps: readonly StatusStep[]): Promise<void> {
  if (steps.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    steps.map((step) => ({ orderId: step.orderId, status: step.status, actor: step.actor, reason: step.reason ?? null, createdAt: step.at })),
  );
}

/** The order's timeline, oldest first. */
export function orderHistory(db: Database, orderId: number) {
  return db
    .select({
      status: orderStatusHistory.status,
      actor: orderStatusHistory.actor,
      reason: orderStatusHistory.reason,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}
