import { date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { excursions } from './catalog';
import { users } from './users';

/**
 * What a partner tells the service (the public face is the `guides` row): contacts for the service and legal details
 * for receipts, never shown to travellers; and the phone travellers of paid orders call on the day. One row per
 * partner, written by the profile page.
 */
export const partnerProfiles = pgTable('partner_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Digits, international (79991234567); '' when not given. */
  contactPhone: varchar({ length: 20 }).notNull().default(''),
  contactEmail: varchar({ length: 254 }).notNull().default(''),
  /**
   * The guide's phone for the day of the excursion, digits, international; '' when not given. Unlike the contacts
   * above it is shown to travellers — only on their paid orders (order.guide_contact) and in the day-before reminder.
   */
  travellerPhone: varchar({ length: 20 }).notNull().default(''),
  /** individual | self_employed | company */
  legalType: varchar({ length: 20 }).notNull().default('individual'),
  /** Full name of the person, or the company's name. */
  legalName: varchar({ length: 300 }).notNull().default(''),
  /** 12 digits (a person) or 10 (a company), checksum validated; '' when not given. */
  inn: varchar({ length: 12 }).notNull().default(''),
  /** Staff checked the legal details (the INN) — cleared when the partner changes them. */
  requisitesVerifiedAt: timestamp({ withTimezone: true }),
  requisitesVerifiedBy: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Unique visitors of an excursion page per day (Moscow calendar day). The visitor is a hash of a random id the
 * browser keeps, salted with a server secret: never an IP, never the raw id. Bots and the partner's own visits
 * are not written at all.
 */
export const excursionViews = pgTable(
  'excursion_views',
  {
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitorHash: varchar({ length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.excursionId, t.day, t.visitorHash] }),
    index('excursion_views_day_idx').on(t.day),
  ],
);
