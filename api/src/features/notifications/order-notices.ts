import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders } from '../../db/schema';
import { selectOrdersWithPlace } from '../orders/orderPlace';
import { notify, notifyMany } from './notify';
import { orderNotices, type OrderChange, type OrderFacts } from './order-texts';

/** The facts of an order its notices tell (read in the caller's transaction, so they see its own writes). */
export async function orderFacts(tx: Database, orderId: number): Promise<OrderFacts> {
  const [row] = await factsOf(tx, [orderId]);
  if (!row) throw new Error(`order ${orderId} not found for its notices`);
  return row;
}

function factsOf(tx: Database, orderIds: readonly number[]): Promise<OrderFacts[]> {
  return selectOrdersWithPlace(tx, {
    id: orders.id,
    title: excursions.title,
    startsAt: events.startsAt,
    timeZone: cities.timeZone,
    seats: orders.seats,
    customerId: orders.customerId,
    partnerId: orders.partnerId,
    respondBy: orders.respondBy,
  }).where(inArray(orders.id, [...orderIds]));
}

/** Stores (and queues for realtime) every notification an order change sends, inside the change's transaction. */
export async function notifyOrderChange(tx: Database, orderId: number, change: OrderChange): Promise<void> {
  const facts = await orderFacts(tx, orderId);
  for (const notice of orderNotices(facts, change)) await notify(tx, notice);
}

/** The same change of many orders (the lifecycle worker's batches): their notices stored with one insert. */
export async function notifyOrderChanges(tx: Database, orderIds: readonly number[], change: OrderChange): Promise<void> {
  if (orderIds.length === 0) return;
  const facts = await factsOf(tx, orderIds);
  await notifyMany(tx, facts.flatMap((f) => orderNotices(f, change)));
}
