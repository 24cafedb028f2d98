import type { ExcursionCard, GuidePage, GuidesByPlace, SightPage, Suggestions } from '@excursio/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, excursionSights, favorites, guides, regions, reviews, sights } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { cardSelect, cardsWhere, firstPhoto, isPublished, toCards } from './cards';
import { containsPattern, searchable } from './excursion-list';
import { findCity } from './geo';
import { cityCards, guideCards, guidesWorkingIn } from './places';
import { reviewCards } from './reviews';

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

export async function guidePage(db: Database, slug: string): Promise<GuidePage> {
  const guide = await db.query.guides.findFirst({ where: eq(guides.slug, slug) });
  if (!guide) throw notFound();
  const ofGuide = sql`${reviews.excursionId} in (select ${excursions.id} from ${excursions} where ${excursions.guideId} = ${guide.id})`;
  const [[card], list, latest, [counted]] = await Promise.all([
    guideCards(db, eq(guides.id, guide.id), 1),
    cardsWhere(db, eq(excursions.guideId, guide.id), 48),
    reviewCards(db, ofGuide, 10),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
      .where(and(eq(excursions.guideId, guide.id), isPublished)),
  ]);
  if (!card) throw notFound();
  return {
    id: card.id,
    slug: card.slug,
    name: card.name,
    photo_url: card.photo_url,
    bio: guide.bio,
    languages: card.languages,
    rating: card.rating,
    region: card.region,
    reviews_count: counted?.n ?? 0,
    excursions: list,
    reviews: latest,
  };
}

/** /excursion/guides/regions/{region}[/{city}]: guides based in the region or working in it (or in the city). */
export async function guidesByPlace(db: Database, segments: string[]): Promise<GuidesByPlace> {
  if (segments.length < 1 || segments.length > 2) throw notFound();
  const [regionSlug, citySlug] = segments as [string, string | undefined];
  if (citySlug !== undefined) {
    const { city, region } = await findCity(db, regionSlug, citySlug);
    const list = await guideCards(db, guidesWorkingIn(sql`${cities.id} = ${city.id}`), 48);
    return { region, city: { id: city.id, slug: city.slug, name: city.name }, guides: list };
  }
  const region = await db.query.regions.findFirst({ where: eq(regions.slug, regionSlug) });
  if (!region) throw notFound();
  const list = await guideCards(
    db,
    sql`(${guides.regionId} = ${region.id} or ${guidesWorkingIn(sql`${cities.regionId} = ${region.id}`)})`,
    48,
  );
  return { region: { id: region.id, slug: region.slug, name: region.name }, city: null, guides: list };
}

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

/** Cards of the user's favorite excursions (published ones), most recently added first. */
export async function favoriteCards(db: Database, userId: number): Promise<ExcursionCard[]> {
  const rows = await cardSelect(db)
    .innerJoin(favorites, and(eq(favorites.excursionId, excursions.id), eq(favorites.userId, userId)))
    .where(isPublished)
    .orderBy(desc(favorites.createdAt), asc(excursions.id))
    .limit(500);
  return toCards(rows);
}
