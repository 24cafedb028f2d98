import type { Suggestions } from '@excursio/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions } from '../../db/schema';
import { firstPhoto, isPublished } from '../catalog/cards';
import { cityCards } from '../geo/cities';
import { destinationsOf, scoreOf, tieBreak } from './engine';
import { matchingExcursions, matchOf } from './match';
import { understand } from './understand';

const NONE: Suggestions = { cities: [], places: [], excursions: [], corrected: null };

/**
 * Search box suggestions from the search index, as the text is typed (its last word may be unfinished): the cities and
 * other places that match well, then the best excursions.
 */
export async function suggest(db: Database, q: string, limit: number): Promise<Suggestions> {
  const understood = await understand(db, q, { typing: true });
  const match = await matchOf(db, understood);
  if (!match) return NONE;
  const score = sql`(select ${scoreOf(match)} from search_documents d where d.kind = 'excursion' and d.ref_id = ${excursions.id})`;
  const [destinations, rows] = await Promise.all([
    destinationsOf(db, match, 6),
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
      .where(and(isPublished, matchingExcursions(match)))
      .orderBy(sql`${score} desc`, sql`${tieBreak} desc`, excursions.id)
      .limit(limit),
  ]);
  // up to 3 cities, then 2 other places, as they ranked
  const cityIds = destinations.filter((d) => d.kind === 'city').slice(0, Math.min(limit, 3)).map((c) => c.id);
  const places = destinations.filter((d) => d.kind !== 'city').slice(0, 2);
  const cards = cityIds.length > 0 ? await cityCards(db, inArray(cities.id, cityIds), { withExcursionsOnly: true }) : [];
  const order = new Map(cityIds.map((id, i) => [id, i]));
  cards.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { cities: cards, places, excursions: rows, corrected: understood.corrected };
}
