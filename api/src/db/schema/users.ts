import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { userType } from './enums';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Digits only, international format (79990000001). */
  phone: varchar({ length: 20 }).notNull().unique('users_phone_key'),
  name: varchar({ length: 200 }).notNull(),
  userType: userType().notNull().default('client'),
  avatarPath: text(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

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
