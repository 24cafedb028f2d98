import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DocBlock } from '@excursio/shared/contracts';
import { excursions } from './catalog';
import { supportStatus } from './enums';
import { orders } from './orders';
import { users } from './users';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** The excursion the ticket is about (a partner's own), optional. */
    excursionId: integer().references(() => excursions.id, { onDelete: 'set null' }),
    subject: varchar({ length: 300 }).notNull(),
    status: supportStatus().notNull().default('open'),
    /** The staff member handling it (back office «assign to me»). */
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The first staff answer (time to first answer). */
    firstAnsweredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('support_tickets_user_id_idx').on(t.userId),
    index('support_tickets_order_id_idx').on(t.orderId),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Null when the message comes from the support team. */
    senderId: integer().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    /** A staff note the ticket's owner never sees. */
    internal: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_ticket_id_idx').on(t.ticketId),
    index('support_messages_sender_id_idx').on(t.senderId),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.excursionId] }),
    index('favorites_excursion_id_idx').on(t.excursionId),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar({ length: 200 }).notNull().unique('blog_posts_slug_key'),
    title: varchar({ length: 300 }).notNull(),
    excerpt: text().notNull().default(''),
    body: jsonb().$type<DocBlock[]>().notNull(),
    coverUrl: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    /** Unpublished posts are not shown (staff publish and unpublish them in the back office). */
    published: boolean().notNull().default(true),
    updatedAt: createdAt(),
  },
  (t) => [index('blog_posts_published_at_idx').on(t.publishedAt)],
);

/** The /docs pages (help, terms, oferta, …). */
export const documents = pgTable('documents', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar({ length: 120 }).notNull().unique('documents_slug_key'),
  title: varchar({ length: 300 }).notNull(),
  body: jsonb().$type<DocBlock[]>().notNull(),
  published: boolean().notNull().default(true),
  updatedAt: createdAt(),
});

export const settings = pgTable('settings', {
  key: varchar({ length: 120 }).primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: createdAt(),
});
