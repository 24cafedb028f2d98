import type { SightPage } from '@excursio/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, excursionSights, regions, sights } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { cardsWhere } from '../catalog/cards';

/** /excursion/sight/{slug…}: the slug is the whole path after /sight/. */
export async function sightPage(db: Database, slug: string): Promise<SightPage> {
  const [row] = await db
    .select({
      sight: sights,
      city: { id: cities.id, slug: cities.slug, name: cities.name },
      region: { id: regions.id, slug: regions.slug, name: regions.name },
    })
    .from(sights)
    .innerJoin(cities, eq(cities.id, sights.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(sights.slug, slug))
    .limit(1);
  if (!row) throw notFound();
  const visiting = await cardsWhere(
    db,
    sql`${excursions.id} in (select ${excursionSights.excursionId} from ${excursionSights} where ${excursionSights.sightId} = ${row.sight.id})`,
    48,
  );
  return {
    id: row.sight.id,
    slug: row.sight.slug,
    name: row.sight.name,
    description: row.sight.description,
    photo_url: row.sight.photoUrl,
    city: row.city,
    region: row.region,
    excursions: visiting,
  };
}
