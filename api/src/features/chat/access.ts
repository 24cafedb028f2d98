import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { UserType } from '../../db/schema';
import { orders, payments } from '../../db/schema';
import { notFound } from '../../http/http-error';

/** An order's chat as one of its two parties sees it. */
export interface ChatAccess {
  orderId: number;
  /** The side of the signed-in user in this order (a partner may also be another partner's customer). */
  side: UserType;
  meId: number;
  otherId: number;
  /** Phones and e-mails stay hidden until the prepayment is paid (and not refunded). */
  contactsMasked: boolean;
}

/** The order's chat for its customer or its partner; anyone else gets a 404 (never a hint the order exists). */
export async function chatAccess(db: Database, orderId: number, userId: number): Promise<ChatAccess> {
  const paid = exists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.orderId, orders.id), eq(payments.status, 'succeeded'))),
  );
  const [row] = await db
    .select({ customerId: orders.customerId, partnerId: orders.partnerId, paid: sql<boolean>`${paid}` })
    .from(orders)
    .where(and(eq(orders.id, orderId), or(eq(orders.customerId, userId), eq(orders.partnerId, userId))))
    .limit(1);
  if (!row) throw notFound();
  const side: UserType = row.customerId === userId ? 'client' : 'partner';
  return {
    orderId,
    side,
    meId: userId,
    otherId: side === 'client' ? row.partnerId : row.customerId,
    contactsMasked: !row.paid,
  };
}
