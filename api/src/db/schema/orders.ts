import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { events, excursions } from './catalog';
import { orderActor, orderStatus, paymentStatus, ticketStatus } from './enums';
import { users } from './users';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** One line of an order: how many seats of a price unit. */
export interface Participant {
  code: string;
  name: string;
  price: number;
  count: number;
}

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    partnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'restrict' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    participants: jsonb().$type<Participant[]>().notNull(),
    seats: integer().notNull(),
    contactName: varchar({ length: 200 }).notNull(),
    contactPhone: varchar({ length: 20 }).notNull(),
    comment: text().notNull().default(''),
    /** Whole roubles. */
    total: integer().notNull(),
    /** The service commission, paid online in advance. */
    prepayment: integer().notNull(),
    /** Set when the order is cancelled: the part of the paid prepayment returned (refund rule of /docs/vozvrat). */
    refundAmount: integer(),
    status: orderStatus().notNull().default('awaiting_confirmation'),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** awaiting_payment: the seats are held until then; afterwards the order expires (issue 14). */
    paymentDueAt: timestamp({ withTimezone: true }),
    /** awaiting_confirmation: the partner answers by then; afterwards the request expires (issue 14). */
    respondBy: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('orders_customer_id_created_at_idx').on(t.customerId, t.createdAt),
    index('orders_partner_id_created_at_idx').on(t.partnerId, t.createdAt),
    index('orders_excursion_id_idx').on(t.excursionId),
    index('orders_event_id_idx').on(t.eventId),
    index('orders_status_idx').on(t.status),
    // the lifecycle worker's sweeps: due holds and due requests
    index('orders_payment_due_idx').on(t.paymentDueAt).where(sql`${t.status} = 'awaiting_payment'`),
    index('orders_respond_by_idx').on(t.respondBy).where(sql`${t.status} = 'awaiting_confirmation'`),
    check('orders_seats_check', sql`${t.seats} > 0`),
    check('orders_amounts_check', sql`${t.total} >= 0 AND ${t.prepayment} >= 0 AND ${t.prepayment} <= ${t.total}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar({ length: 40 }).notNull(),
    amount: integer().notNull(),
    status: paymentStatus().notNull().default('pending'),
    externalId: varchar({ length: 120 }),
    /** Where the customer confirms it (the provider's page): a repeated "pay" answers the same one. */
    confirmationUrl: varchar({ length: 2000 }),
    /** Where the provider sends the 54-ФЗ receipt (an e-mail or phone digits); null for the test provider. */
    receiptTo: varchar({ length: 320 }),
    /** Last time the worker re-read a pending payment at its provider (at most once a minute). */
    checkedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId),
    uniqueIndex('payments_provider_external_id_key').on(t.provider, t.externalId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: varchar({ length: 32 }).notNull().unique('tickets_code_key'),
    status: ticketStatus().notNull().default('active'),
    createdAt: createdAt(),
    redeemedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('tickets_order_id_idx').on(t.orderId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    /** Set when the review was left after a completed order (one review per order). */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    authorName: varchar({ length: 200 }).notNull(),
    rating: smallint().notNull(),
    text: text().notNull(),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    /** Hidden by staff (out of the catalog), with the reason its author is told. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: integer(),
  },
  (t) => [
    index('reviews_excursion_id_created_at_idx').on(t.excursionId, t.createdAt),
    uniqueIndex('reviews_order_id_key').on(t.orderId),
    index('reviews_user_id_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** Every status an order went through, with who moved it and why (the order pages' timeline). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus().notNull(),
    actor: orderActor().notNull(),
    /** The reason given (a decline or cancellation), shown to the other side. */
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_id_idx').on(t.orderId, t.createdAt)],
);

/**
 * A traveller's request to move an order to another slot of the same excursion that the partner must approve (an
 * on-request excursion the partner had already accepted). At most one pending per order.
 */
export const orderReschedules = pgTable(
  'order_reschedules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    toEventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The order's amounts after the move (whole roubles). */
    total: integer().notNull(),
    prepayment: integer().notNull(),
    /** pending | approved | declined | withdrawn */
    status: varchar({ length: 16 }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('order_reschedules_pending_key').on(t.orderId).where(sql`${t.status} = 'pending'`)],
);

/**
 * The partner's answer «Предложить другое время» on a request (or on an order the partner must move): one to three
 * slots of the same excursion with a message. The customer takes one (the order moves there) or refuses them all (the
 * order is cancelled with a full refund). At most one pending per order; it expires with the request's deadline.
 */
export interface ProposedSlot {
  event_id: number;
  total: number;
  prepayment: number;
}

export const orderProposals = pgTable(
  'order_proposals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The proposed slots (1–3 of the order's excursion), each with the order's amounts there (whole roubles). */
    slots: jsonb().$type<ProposedSlot[]>().notNull(),
    message: text().notNull(),
    /** pending | accepted | refused | expired | withdrawn */
    status: varchar({ length: 16 }).notNull().default('pending'),
    /** The slot the customer took. */
    chosenEventId: integer().references(() => events.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_proposals_pending_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('order_proposals_order_id_idx').on(t.orderId),
  ],
);
