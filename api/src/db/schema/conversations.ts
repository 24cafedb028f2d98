import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { userType } from './enums';
import { orderProposals, orders } from './orders';
import { users } from './users';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** What a notification is about (the link's target), e.g. `{ order_id: 42, message_id: 7 }`. */
export type NotificationData = Record<string, unknown>;

/**
 * What a user is told (spec §3). The id is a monotonic bigint: a reconnecting client asks for what came after the last
 * one it holds. Type `client_…` goes to a customer, `partner_…` to a partner.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar({ length: 64 }).notNull(),
    text: text().notNull(),
    link: text().notNull(),
    data: jsonb().$type<NotificationData>().notNull().default({}),
    viewed: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_id_idx').on(t.userId, t.id.desc()),
    // The bell's count and the «unviewed only» filter read only these rows.
    index('notifications_unviewed_idx').on(t.userId, t.id).where(sql`${t.viewed} = false`),
  ],
);

/** One message of an order's conversation between its customer (`client`) and its partner, stored as typed. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderType: userType().notNull(),
    text: text().notNull(),
    /** The partner's proposal of other times this message carries (shown as buttons to the customer). */
    proposalId: integer().references(() => orderProposals.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_order_id_id_idx').on(t.orderId, t.id),
    index('chat_messages_sender_id_idx').on(t.senderId),
  ],
);

/** How far each participant has read an order's chat: the last message id shown to them (never moves back). */
export const chatReads = pgTable(
  'chat_reads',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] }), index('chat_reads_user_id_idx').on(t.userId)],
);
