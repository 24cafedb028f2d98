import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * pending: waiting for its next attempt; sending: claimed by a worker until `lockedUntil` (a crash frees it then);
 * sent: the provider accepted it; failed: given up after the last attempt or refused for good (staff may retry it);
 * expired: no longer worth sending (a sign-in code past its countdown).
 */
export const outboxState = pgEnum('outbox_state', ['pending', 'sending', 'sent', 'failed', 'expired']);

/** What an outbox row delivers: an e-mail, a sign-in call or SMS, a refund at the payment provider. */
export type OutboxKind = 'email' | 'call' | 'sms' | 'refund';

/**
 * Every message to a person and every refund, written in the transaction of the change that causes it and delivered
 * by the worker (features/outbox) with retries and back-off: a provider that is down delays, never loses.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar({ length: 20 }).$type<OutboxKind>().notNull(),
    /** The address, the phone (digits) or the payment (provider:id) it goes to; shown to staff. */
    recipient: varchar({ length: 320 }).notNull(),
    /** What the handler needs; a sign-in code in it is erased once the row is settled. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Once only: a second row with the same key is not written (a reminder, a refund of one payment). */
    dedupeKey: varchar({ length: 200 }).unique('outbox_dedupe_key_key'),
    state: outboxState().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** What the provider answered (its message or refund id, the cost). */
    result: jsonb().$type<Record<string, unknown>>(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Not sent after this moment (sign-in codes); null: kept trying. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('pending', 'sending')`),
    index('outbox_state_id_idx').on(t.state, t.id),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
