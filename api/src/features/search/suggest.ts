import type { Suggestions } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions } from '../../db/schema';
import { firstPhoto, isPublished } from '../catalog/cards';
import { cityCards } from '../geo/cities';
import { containsPattern, searchable } from './text';

/** Search box suggestions: cities and excursions whose name contains the text (case-insensitive, ё = е). */
export async function suggest(db: Database, q: string, limit: number): Promise<Suggestions> {
  const pattern = containsPattern(q);
  if (pattern === '%%') return { cities: [], excursions: [] };
  const [cityList, rows] = await Promise.all([
    cityCards(db, sql`${searchable(cities.name)} like ${pattern}`, { withExcursionsOnly: true, limit }),
    db
      .select({
        id: excursions.id,
        slug: excursions.slug,
        title: excursions.title,
        photo_url: firstPhoto,
        city: { id: cities.id, slug: cities.slug, name: cities.name },
        region: { id: regions.id, slug: regions.slug, name: regions.name },
      })
      .from(excursions)
      .innerJoin(cities, eq(cities.id, excursions.cityId))
      .innerJoin(regions, eq(regions.id, cities.regionId))
      .where(and(isPublished, sql`${searchable(excursions.title)} like ${pattern}`))
      .orderBy(desc(excursions.popularity), asc(excursions.id))
      .limit(limit),
  ]);
  return { cities: cityList, excursions: rows };
}
