import type { CityCard } from '@excursio/shared/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, excursions, regions } from '../../db/schema';
import { isPublished } from './cards';

/**
 * Cities that have published excursions, most popular first. The excursions are counted per city first
 * (an index-only scan of excursions_published_city_id_idx), then only those ~50 counts are joined with
 * their cities: no join, sort and group of every excursion row with its city, region and country.
 */
export async function popularCities(db: Database, limit: number): Promise<CityCard[]> {
  const published = db
    .select({ cityId: excursions.cityId, count: sql<number>`count(*)::int`.as('excursions_count') })
    .from(excursions)
    .where(isPublished)
    .groupBy(excursions.cityId)
    .as('published');
  return db
    .select({
      id: cities.id,
      slug: cities.slug,
      name: cities.name,
      region_slug: regions.slug,
      region_name: regions.name,
      country_slug: countries.slug,
      photo_url: cities.photoUrl,
      excursions_count: published.count,
    })
    .from(published)
    .innerJoin(cities, eq(cities.id, published.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .orderBy(desc(cities.popularity), desc(published.count), asc(cities.id))
    .limit(limit);
}
