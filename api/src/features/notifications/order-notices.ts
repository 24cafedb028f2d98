import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders } from '../../db/schema';
import { notify } from './notify';
import { orderNotices, type OrderChange, type OrderFacts } from './order-texts';

/** The facts of an order its notices tell (read in the caller's transaction, so they see its own writes). */
export async function orderFacts(tx: Database, orderId: number): Promise<OrderFacts> {
  const [row] = await tx
    .select({
      id: orders.id,
      title: excursions.title,
      startsAt: events.startsAt,
      timeZone: cities.timeZone,
      seats: orders.seats,
      customerId: orders.customerId,
      partnerId: orders.partnerId,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw new Error(`order ${orderId} not found for its notices`);
  return row;
}

/** Stores (and queues for realtime) every notification an order change sends, inside the change's transaction. */
export async function notifyOrderChange(tx: Database, orderId: number, change: OrderChange): Promise<void> {
  const facts = await orderFacts(tx, orderId);
  for (const notice of orderNotices(facts, change)) await notify(tx, notice);
}
