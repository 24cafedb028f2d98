import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { excursions } from './catalog';

/**
 * A partner's recurring schedule for one excursion: weekdays × start times (on the city's clock) over a validity
 * period, each slot with a capacity, an optional price and a booking cut-off. Slots (events) are generated from it
 * over the booking horizon and kept extended by the lifecycle worker.
 */
export const scheduleRules = pgTable(
  'schedule_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    weekdays: jsonb().$type<number[]>().notNull(),
    /** 'HH:MM' on the excursion city's clock. */
    times: jsonb().$type<string[]>().notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    capacity: integer().notNull(),
    /** Whole roubles for the slot instead of the excursion's price (new orders only). */
    priceOverride: integer(),
    cutoffMinutes: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_rules_excursion_id_idx').on(t.excursionId)],
);

/** Days an excursion does not run (a day or a range), so generation never reopens them. */
export const scheduleClosures = pgTable(
  'schedule_closures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    excursionId: integer()
      .notNull()
      .references(() => excursions.id, { onDelete: 'cascade' }),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_closures_excursion_id_idx').on(t.excursionId)],
);
