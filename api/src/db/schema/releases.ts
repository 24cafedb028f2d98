import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The release registry (issue 28): every build a team released, immutable once written. Its files live at
 * `<store>/<app>/<build_hash>/…` (RELEASES_DIR) and are never changed; a second release of the same files is the same row.
 */
export const releases = pgTable(
  'releases',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The app's folder: shell, mfe-catalog, … */
    app: varchar({ length: 64 }).notNull(),
    /** The content hash of the build's files (the folder name in the store). */
    buildHash: varchar({ length: 64 }).notNull(),
    gitCommit: varchar({ length: 64 }).notNull().default(''),
    /** Who released it (the CLI's user or the staff member). */
    createdBy: varchar({ length: 200 }).notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** The shared packages the build requires and their ranges (react, react-dom, react-router, mobx, @excursio/shared). */
    requires: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** What a shell build provides to the remotes (package → version); empty for a remote. */
    provides: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The modules a remote exposes (./routes, ./CatalogApp, …). */
    exposes: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('releases_app_build_hash_key').on(t.app, t.buildHash), index('releases_app_id_idx').on(t.app, t.id)],
);

/**
 * The live release of each app in each environment, and its canary (another release served to `canaryPercent` % of
 * browsers). Changed only inside a transaction holding the row (SELECT … FOR UPDATE): changes are serialised.
 */
export const releasePointers = pgTable(
  'release_pointers',
  {
    app: varchar({ length: 64 }).notNull(),
    env: varchar({ length: 32 }).notNull(),
    releaseId: integer()
      .notNull()
      .references(() => releases.id),
    canaryReleaseId: integer().references(() => releases.id),
    canaryPercent: integer().notNull().default(0),
    /** When the canary started: its error rate is compared from then on. */
    canaryStartedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.app, t.env] })],
);

/** What a pointer change did: every move of a pointer, with who, why and whether the gate was overridden. Append-only (a trigger of the migration refuses UPDATE, DELETE and TRUNCATE). */
export const releasePointerHistory = pgTable(
  'release_pointer_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    app: varchar({ length: 64 }).notNull(),
    env: varchar({ length: 32 }).notNull(),
    /** release | canary | promote | rollback | auto_rollback */
    action: varchar({ length: 24 }).notNull(),
    /** The live release after the change. */
    releaseId: integer()
      .notNull()
      .references(() => releases.id),
    /** The live release before it (null: the first release). */
    previousReleaseId: integer().references(() => releases.id),
    canaryReleaseId: integer().references(() => releases.id),
    canaryPercent: integer().notNull().default(0),
    /** The compatibility gate was overridden (--force); `reason` names what it refused. */
    forced: boolean().notNull().default(false),
    actor: varchar({ length: 200 }).notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_pointer_history_app_env_idx').on(t.app, t.env, t.id)],
);

/** Page loads and error reports of the browsers running a release, per minute (the canary's error rate). */
export const releaseCounts = pgTable(
  'release_counts',
  {
    releaseId: integer()
      .notNull()
      .references(() => releases.id),
    env: varchar({ length: 32 }).notNull(),
    minute: timestamp({ withTimezone: true }).notNull(),
    loads: integer().notNull().default(0),
    errors: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.env, t.minute] })],
);
