import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { staffRole, userType } from './enums';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Digits only, international format (79990000001). */
  phone: varchar({ length: 20 }).notNull().unique('users_phone_key'),
  name: varchar({ length: 200 }).notNull(),
  userType: userType().notNull().default('client'),
  /** Staff accounts only: staff or admin (null for customers and partners). */
  staffRole: staffRole(),
  avatarPath: text(),
  /** Confirmed e-mail (by a code sent to it); null until one is. */
  email: varchar({ length: 320 }),
  /** The day-before reminders also by e-mail (the unsubscribe link of each one turns it off). */
  emailReminders: boolean().notNull().default(true),
  /** Set when the account was deleted: personal data erased, orders kept for the partner's records. */
  deletedAt: timestamp({ withTimezone: true }),
  /** Set while the account is blocked by an admin: its tokens are refused and it cannot sign in. */
  blockedAt: timestamp({ withTimezone: true }),
  blockedReason: text(),
  blockedBy: integer(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/** An e-mail waiting for its code (one per account: a new request replaces the old). Only the code's hash is kept. */
export const emailConfirmations = pgTable('email_confirmations', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: varchar({ length: 320 }).notNull(),
  codeHash: varchar({ length: 64 }).notNull(),
  attempts: integer().notNull().default(0),
  /** Codes sent in the current hour's window (a limit against mail bombing). */
  sentInWindow: integer().notNull().default(1),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** Development and test mail: what would have been sent (no mail leaves the machine). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: varchar({ length: 320 }).notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

/** Bearer tokens: only the sha256 of a token is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull().unique('api_tokens_token_hash_key'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);
