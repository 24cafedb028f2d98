import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar({ length: 120 }).notNull().unique('countries_slug_key'),
  name: varchar({ length: 200 }).notNull(),
  description: text().notNull().default(''),
  photoUrl: text().notNull(),
});

export const regions = pgTable(
  'regions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    /** Unique on its own: /excursion/{region}. */
    slug: varchar({ length: 120 }).notNull().unique('regions_slug_key'),
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    photoUrl: text().notNull(),
  },
  (t) => [index('regions_country_id_idx').on(t.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    /** Unique within its region: /excursion/{region}/{city}. */
    slug: varchar({ length: 120 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    photoUrl: text().notNull(),
    /** Sort weight of listings ("most popular first"). */
    popularity: integer().notNull().default(0),
    /** IANA zone (e.g. 'Asia/Tbilisi'): event times of the city's excursions are local to it. */
    timeZone: text().notNull().default('Europe/Moscow'),
  },
  (t) => [
    uniqueIndex('cities_region_id_slug_key').on(t.regionId, t.slug),
    index('cities_slug_idx').on(t.slug),
    index('cities_popularity_idx').on(t.popularity),
  ],
);

export const tags = pgTable('tags', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar({ length: 120 }).notNull().unique('tags_slug_key'),
  name: varchar({ length: 200 }).notNull(),
});

export const sights = pgTable(
  'sights',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    /** May span several segments: /excursion/sight/{slug}. */
    slug: varchar({ length: 240 }).notNull().unique('sights_slug_key'),
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    photoUrl: text().notNull(),
  },
  (t) => [index('sights_city_id_idx').on(t.cityId)],
);
