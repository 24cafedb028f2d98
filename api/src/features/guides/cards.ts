import type { GuideCard } from '@excursio/shared/contracts';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, guides, regions } from '../../db/schema';
import { publishedCount } from '../catalog/cards';

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
