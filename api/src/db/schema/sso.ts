import { users } from './users';
import { boolean, index, integer, pgEnum, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The confirmation channel of a sign-in stage (also the channel of an outbox entry). */
export const ssoStage = pgEnum('sso_stage', ['push', 'call', 'sms']);
/**
 * active: awaiting a push answer or a code; accessed: push confirmed, the token not collected yet;
 * cancelled: declined, too many wrong codes or expired; used: the token was issued (the request is spent).
 */
export const ssoState = pgEnum('sso_state', ['active', 'accessed', 'cancelled', 'used']);
export const ssoOutboxStatus = pgEnum('sso_outbox_status', ['sent', 'confirmed', 'declined']);

// Times come from the sign-in service's clock (injectable in tests), so they have no database default.
const at = () => timestamp({ withTimezone: true });

/** Phone sign-in requests (spec §4): push → incoming call → SMS, evaluated lazily from these timestamps. */
export const ssoAuthRequests = pgTable(
  'sso_auth_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** sha256 of the auth_req_id handed to the client (128 random bits); the id itself is never stored. */
    idHash: varchar({ length: 64 }).notNull().unique('sso_auth_requests_id_hash_key'),
    /** Digits only, international format. */
    phone: varchar({ length: 20 }).notNull(),
    stage: ssoStage().notNull().default('push'),
    state: ssoState().notNull().default('active'),
    /** Start of the current stage: its countdown (SSO_CODE_TTL_S) and its timeout run from here. */
    stageStartedAt: at().notNull(),
    /** sha256 of the current call/SMS code bound to this request; null during the push and once used. */
    codeHash: varchar({ length: 64 }),
    /** Code attempts made (at most 5). */
    attempts: integer().notNull().default(0),
    /**
     * Sent while the phone was busy (another request's countdown running, the hourly send limit reached, or code
     * entry locked): the push only, never a call or SMS. A stranger who starts sign-ins to a phone thus never keeps its
     * owner from signing in by the push on the SIM, and never spends the phone's calls and SMS.
     */
    pushOnly: boolean().notNull().default(false),
    /**
     * Set for a phone change: the account moving to this phone. Confirming the request (the same push, call or SMS as
     * a sign-in) gives that account the new number instead of signing the phone's own account in.
     */
    changeForUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** declined | attempts | expired */
    cancelReason: varchar({ length: 16 }),
    createdAt: at().notNull(),
  },
  (t) => [
    index('sso_auth_requests_phone_created_at_idx').on(t.phone, t.createdAt),
    index('sso_auth_requests_created_at_idx').on(t.createdAt),
  ],
);

/** What the development PhoneChannel "sent" (APP_ENV=development serves it at /api/dev/outbox). */
export const ssoOutbox = pgTable(
  'sso_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    authRequestId: integer()
      .notNull()
      .references(() => ssoAuthRequests.id, { onDelete: 'cascade' }),
    channel: ssoStage().notNull(),
    phone: varchar({ length: 20 }).notNull(),
    /** The SMS code, or the calling number of a call; null for a push. */
    code: varchar({ length: 20 }),
    callingNumber: varchar({ length: 20 }),
    status: ssoOutboxStatus().notNull().default('sent'),
    createdAt: at().notNull(),
  },
  (t) => [
    index('sso_outbox_phone_id_idx').on(t.phone, t.id),
    index('sso_outbox_auth_request_id_idx').on(t.authRequestId),
  ],
);

/**
 * Every code verification of a phone (call or SMS code, with or without an auth_id), kept a day: the phone's guess
 * budget (SSO_CODE_GUESSES_PER_DAY) counts these rows, whatever the IP. A right code removes its row again, so only
 * wrong guesses use the budget up; a locked budget stops code entry only, never the push.
 */
export const ssoCodeGuesses = pgTable(
  'sso_code_guesses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar({ length: 20 }).notNull(),
    at: at().notNull(),
  },
  (t) => [index('sso_code_guesses_phone_at_idx').on(t.phone, t.at)],
);

export type SsoStage = (typeof ssoStage.enumValues)[number];
export type SsoState = (typeof ssoState.enumValues)[number];
export type SsoAuthRequest = typeof ssoAuthRequests.$inferSelect;
export type SsoOutboxRow = typeof ssoOutbox.$inferSelect;
