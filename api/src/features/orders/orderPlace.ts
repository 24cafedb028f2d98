import { eq } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders } from '../../db/schema';

/** The select of `fields` from orders joined to their slot, excursion and city (every join inner: none is null). */
export type OrdersWithPlace<S extends SelectedFields> = PgSelectBase<
  'orders',
  S,
  'partial',
  { orders: 'not-null'; events: 'not-null'; excursions: 'not-null'; cities: 'not-null' }
>;

/**
 * Orders with where and when they take place: each order's slot (events), its excursion and the excursion's city
 * (whose clock the order's times are shown on). `fields` may take any column of the four; the caller adds its
 * filters, further joins, order and locks.
 */
export function selectOrdersWithPlace<S extends SelectedFields>(db: Database, fields: S): OrdersWithPlace<S> {
  const query = db
    .select(fields as SelectedFields)
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId));
  // the same query, typed with the caller's own selection (TypeScript cannot follow drizzle's join types through a
  // generic selection, so it is built on the general one and given the caller's back)
  return query as unknown as OrdersWithPlace<S>;
}
