import type { CityCard } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, excursions, regions } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { isPublished, publishedCount } from '../catalog/cards';

/** Cities with published excursions, most popular first: counted per city first (index-only scan), then joined. */
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

/** A city of a region by their slugs, or a 404. */
export async function findCity(db: Database, regionSlug: string, citySlug: string) {
  const [row] = await db
    .select({
      city: cities,
      region: { id: regions.id, slug: regions.slug, name: regions.name },
      country: { id: countries.id, slug: countries.slug, name: countries.name },
    })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(and(eq(regions.slug, regionSlug), eq(cities.slug, citySlug)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
