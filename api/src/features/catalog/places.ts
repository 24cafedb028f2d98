import type { CityCard, GuideCard, SightCard } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, excursionSights, excursions, guides, regions, sights } from '../../db/schema';

// Cards of places and people, each in one query with its counts.

const publishedCount = (column: SQL) =>
  sql<number>`(select count(*)::int from ${excursions} where ${column} and ${excursions.status} = 'published')`;

/** Cities matching `where`, most popular first; `withExcursionsOnly` drops cities without published excursions. */
export async function cityCards(
  db: Database,
  where: SQL | undefined,
  options: { withExcursionsOnly?: boolean; limit?: number } = {},
): Promise<CityCard[]> {
  const count = publishedCount(sql`${excursions.cityId} = ${cities.id}`);
  const rows = await db
    .select({
      id: cities.id,
      slug: cities.slug,
      name: cities.name,
      region_slug: regions.slug,
      region_name: regions.name,
      country_slug: countries.slug,
      photo_url: cities.photoUrl,
      excursions_count: count,
    })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(and(where, options.withExcursionsOnly ? sql`${count} > 0` : undefined))
    .orderBy(desc(cities.popularity), asc(cities.name))
    .limit(options.limit ?? 500);
  return rows;
}

/** Sights matching `where` with the number of published excursions visiting them, most visited first. */
export async function sightCards(db: Database, where: SQL | undefined, limit: number): Promise<SightCard[]> {
  const count = sql<number>`(select count(*)::int from ${excursionSights} inner join ${excursions} on ${excursions.id} = ${excursionSights.excursionId} where ${excursionSights.sightId} = ${sights.id} and ${excursions.status} = 'published')`;
  const rows = await db
    .select({
      id: sights.id,
      slug: sights.slug,
      name: sights.name,
      photo_url: sights.photoUrl,
      city_id: cities.id,
      city_slug: cities.slug,
      city_name: cities.name,
      region_id: regions.id,
      region_slug: regions.slug,
      region_name: regions.name,
      excursions_count: count,
    })
    .from(sights)
    .innerJoin(cities, eq(cities.id, sights.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(where)
    .orderBy(desc(count), desc(cities.popularity), asc(sights.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    photo_url: r.photo_url,
    city: { id: r.city_id, slug: r.city_slug, name: r.city_name },
    region: { id: r.region_id, slug: r.region_slug, name: r.region_name },
    excursions_count: r.excursions_count,
  }));
}

/** Guides matching `where` with the number of their published excursions, best rated first. */
export async function guideCards(db: Database, where: SQL | undefined, limit: number): Promise<GuideCard[]> {
  const count = publishedCount(sql`${excursions.guideId} = ${guides.id}`);
  const rows = await db
    .select({
      id: guides.id,
      slug: guides.slug,
      name: guides.name,
      photo_url: guides.photoUrl,
      languages: guides.languages,
      rating: guides.rating,
      region_id: regions.id,
      region_slug: regions.slug,
      region_name: regions.name,
      excursions_count: count,
    })
    .from(guides)
    .leftJoin(regions, eq(regions.id, guides.regionId))
    .where(where)
    .orderBy(desc(guides.rating), desc(count), asc(guides.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    photo_url: r.photo_url,
    languages: r.languages,
    rating: Number(r.rating),
    region:
      r.region_id !== null && r.region_slug !== null && r.region_name !== null
        ? { id: r.region_id, slug: r.region_slug, name: r.region_name }
        : null,
    excursions_count: r.excursions_count,
  }));
}

/** Guides with at least one published excursion in the cities matching `cityWhere` (a condition on `cities`). */
export const guidesWorkingIn = (cityWhere: SQL) =>
  sql`exists (select 1 from ${excursions} inner join ${cities} on ${cities.id} = ${excursions.cityId} where ${excursions.guideId} = ${guides.id} and ${excursions.status} = 'published' and ${cityWhere})`;
