import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  changeRequestStatus,
  eventStatus,
  excursionFormat,
  excursionStatus,
  priceType,
} from './enums';
import { cities, regions, sights, tags } from './geo';
import { users } from './users';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** One price line of an excursion (adult, child, …). */
export interface PriceUnit {
  code: string;
  name: string;
  price: number;
}

/** A partner's public face. */
export const guides = pgTable(
  'guides',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    slug: varchar({ length: 120 }).notNull().unique('guides_slug_key'),
    name: varchar({ length: 200 }).notNull(),
    bio: text().notNull().default(''),
    photoUrl: text().notNull(),
    languages: jsonb().$type<string[]>().notNull().default([]),
    rating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [index('guides_user_id_idx').on(t.userId), index('guides_region_id_idx').on(t.regionId)],
);

export const excursions = pgTable(
  'excursions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    guideId: integer().references(() => guides.id, { onDelete: 'set null' }),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    slug: varchar({ length: 200 }).notNull(),
    title: varchar({ length: 300 }).notNull(),
    description: text().notNull().default(''),
    programme: jsonb().$type<string[]>().notNull().default([]),
    included: jsonb().$type<string[]>().notNull().default([]),
    excluded: jsonb().$type<string[]>().notNull().default([]),
    languages: jsonb().$type<string[]>().notNull().default([]),
    durationMinutes: integer().notNull(),
    meetingPoint: text().notNull().default(''),
    format: excursionFormat().notNull(),
    priceType: priceType().notNull(),
    /** Whole roubles. */
    price: integer().notNull(),
    priceUnits: jsonb().$type<PriceUnit[]>().notNull().default([]),
    groupSizeMax: integer().notNull(),
    instantBooking: boolean().notNull().default(false),
    /** A group that gathers (issue 32): the slot runs only with at least this many people (null: no minimum). */
    groupMin: integer(),
    /** How many hours before the start a gathering slot is decided: run (gathered or confirmed by hand) or cancelled. */
    groupDecisionHours: integer().notNull().default(24),
    cancellationTerms: text().notNull().default(''),
    rating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewsCount: integer().notNull().default(0),
    popularity: integer().notNull().default(0),
    status: excursionStatus().notNull().default('draft'),
    moderationComment: text(),
    /** When it was last sent to moderation (the queue's order; the development auto-approval counts from it). */
    submittedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    /** Taken out of the catalog (published → hidden) because its partner was blocked: back when unblocked. */
    hiddenByBlock: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('excursions_city_id_slug_key').on(t.cityId, t.slug),
    index('excursions_city_id_status_idx').on(t.cityId, t.status),
    // Published excursions per city (the popular cities' counts): an index-only scan of a few pages.
    index('excursions_published_city_id_idx').on(t.cityId).where(sql`${t.status} = 'published'`),
    index('excursions_slug_idx').on(t.slug),
    index('excursions_partner_id_idx').on(t.partnerId),
    // the back office's moderation queue: the few excursions waiting, oldest first
    index('excursions_moderation_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'moderation'`),
    index('excursions_guide_id_idx').on(t.guideId),
    check('excursions_price_check', sql`${t.price} >= 0`),
    check('excursions_group_size_check', sql`${t.groupSizeMax} > 0`),
    check('excursions_group_min_check', sql`${t.groupMin} IS NULL OR (${t.groupMin} > 0 AND ${t.groupMin} <= ${t.groupSizeMax})`),
    check('excursions_group_decision_check', sql`${t.groupDecisionHours} BETWEEN 1 AND 168`),
  ],
);

/** Changes of closed fields (title, city, format, pricing type …) of a published excursion, sent to moderation. */
export const excursionChangeRequests = pgTable(
  'excursion_change_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    partnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changes: jsonb().$type<Record<string, unknown>>().notNull(),
    comment: text().notNull().default(''),
    status: changeRequestStatus().notNull().default('pending'),
    moderatorComment: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('excursion_change_requests_excursion_id_idx').on(t.excursionId),
    index('excursion_change_requests_partner_id_idx').on(t.partnerId),
    index('excursion_change_requests_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const excursionPhotos = pgTable(
  'excursion_photos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('excursion_photos_excursion_id_position_idx').on(t.excursionId, t.position)],
);

export const excursionTags = pgTable(
  'excursion_tags',
  {
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.excursionId, t.tagId] }), index('excursion_tags_tag_id_idx').on(t.tagId)],
);

export const excursionSights = pgTable(
  'excursion_sights',
  {
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    sightId: integer()
      .notNull()
      .references(() => sights.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.excursionId, t.sightId] }),
    index('excursion_sights_sight_id_idx').on(t.sightId),
  ],
);

/** A slot in the partner calendar. The check keeps bookings within capacity even under concurrency. */
export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    bookedSeats: integer().notNull().default(0),
    priceOverride: integer(),
    status: eventStatus().notNull().default('active'),
    /** Bookings close this many minutes before the start. */
    cutoffMinutes: integer().notNull().default(0),
    /** The schedule rule that generated the slot (null: a one-off or seeded slot). */
    ruleId: integer(),
    /** This slot's own minimum group (overrides the excursion's; null: the excursion's). */
    groupMin: integer(),
    /** When a gathering slot was decided to run: gathered at the decision time, or confirmed by the partner before. */
    groupConfirmedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('events_excursion_id_starts_at_idx').on(t.excursionId, t.startsAt),
    index('events_rule_id_idx').on(t.ruleId),
    index('events_starts_at_idx').on(t.startsAt),
    check('events_seats_check', sql`${t.bookedSeats} >= 0 AND ${t.bookedSeats} <= ${t.capacity}`),
  ],
);

/** The catalog's version: `nextval` on every change of what the public catalog shows (features/catalog/version.ts). */
export const catalogVersion = pgSequence('catalog_version', { startWith: 1, increment: 1, minValue: 1, cache: 1 });

/** A transaction's id (xid8): read only inside SQL. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The excursions whose public facts a transaction changed (migration 0028, triggers on excursions, events, photos, tags
 * and the places on the cards): a process holding the results page's facts reads again only those (search/results.ts).
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    xid: xid8().notNull().default(sql`pg_current_xact_id()`),
    /** 0: a bulk load, every fact again. */
    excursionId: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_xid_idx').on(t.xid), index('catalog_changes_at_idx').on(t.at)],
);

/** One row: the newest transaction id of a pruned catalog_changes row (catalog_changes_prune, 0028). */
export const catalogChangesState = pgTable('catalog_changes_state', {
  id: integer().primaryKey().default(1),
  prunedThrough: xid8().notNull().default(sql`'0'`),
});
