import type { SightCard } from '@excursio/shared/contracts';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursionSights, excursions, regions, sights } from '../../db/schema';

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
