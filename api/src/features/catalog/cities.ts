import type { CityCard } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, excursions, regions } from '../../db/schema';

/** Cities that have published excursions, most popular first. */
export async function popularCities(db: Database, limit: number): Promise<CityCard[]> {
  const excursionsCount = sql<number>`count(${excursions.id})::int`;
  return db
    .select({
      id: cities.id,
      slug: cities.slug,
      name: cities.name,
      region_slug: regions.slug,
      region_name: regions.name,
      country_slug: countries.slug,
      photo_url: cities.photoUrl,
      excursions_count: excursionsCount,
    })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .innerJoin(excursions, and(eq(excursions.cityId, cities.id), eq(excursions.status, 'published')))
    .groupBy(cities.id, regions.id, countries.id)
    .orderBy(desc(cities.popularity), desc(excursionsCount), asc(cities.id))
    .limit(limit);
}
