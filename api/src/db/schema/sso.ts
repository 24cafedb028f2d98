import { index, integer, pgEnum, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

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

export type SsoStage = (typeof ssoStage.enumValues)[number];
export type SsoState = (typeof ssoState.enumValues)[number];
export type SsoAuthRequest = typeof ssoAuthRequests.$inferSelect;
export type SsoOutboxRow = typeof ssoOutbox.$inferSelect;
