import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * What the lifecycle worker has already done once and must never do again (a reminder sent, a digest for a day):
 * inserted in the transaction that sends it, so a retried or concurrent sweep finds the key and skips.
 */
export const lifecycleMarks = pgTable('lifecycle_marks', {
  key: varchar({ length: 120 }).primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** An order creation's Idempotency-Key: a retried request answers the order it made instead of making another. */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar({ length: 200 }).notNull(),
    /** sha256 of the request body: the same key with another body is refused. */
    requestHash: varchar({ length: 64 }).notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] }), index('order_idempotency_keys_created_at_idx').on(t.createdAt)],
);
