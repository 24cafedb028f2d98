import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orders, payments, reviews } from './orders';
import { users } from './users';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Every staff action (issue 27): who, what, when, the values before and after. Append-only: a trigger of the
 * migration refuses UPDATE and DELETE (and TRUNCATE), so no code path can rewrite the history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The staff account (kept as a plain id: the log outlives accounts). Null: the system. */
    actorId: integer(),
    actorName: varchar({ length: 200 }).notNull().default(''),
    action: varchar({ length: 80 }).notNull(),
    entityType: varchar({ length: 40 }).notNull(),
    entityId: integer(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/** A moderator's claim on a moderation item (kind excursion | change): one at a time, lapsing at `until`. */
export const moderationClaims = pgTable(
  'moderation_claims',
  {
    kind: varchar({ length: 16 }).notNull(),
    itemId: integer().notNull(),
    staffId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

/** Reusable texts: moderation rejections and support replies. */
export const staffTemplates = pgTable(
  'staff_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** moderation | support */
    kind: varchar({ length: 16 }).notNull(),
    title: varchar({ length: 200 }).notNull(),
    text: text().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('staff_templates_kind_idx').on(t.kind)],
);

/** A refund of (part of) an order's paid prepayment made or requested by staff. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    provider: varchar({ length: 40 }).notNull(),
    /** The refund's id at the provider, once it went through. */
    externalId: varchar({ length: 120 }),
    amount: integer().notNull(),
    /** pending (waiting for an admin) | succeeded | rejected */
    status: varchar({ length: 16 }).notNull(),
    reason: text().notNull(),
    requestedBy: integer(),
    decidedBy: integer(),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_id_idx').on(t.orderId),
    index('order_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A partner's complaint about a review of their excursion («Пожаловаться»). */
export const reviewFlags = pgTable(
  'review_flags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    partnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_flags_open_key').on(t.reviewId, t.partnerId).where(sql`${t.resolvedAt} is null`),
    index('review_flags_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/** Every version of a blog post or /docs page written in the back office (Markdown), with who and when. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** blog | document */
    kind: varchar({ length: 16 }).notNull(),
    contentId: integer().notNull(),
    title: varchar({ length: 300 }).notNull(),
    excerpt: text().notNull().default(''),
    markdown: text().notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('content_versions_content_idx').on(t.kind, t.contentId, t.id)],
);
