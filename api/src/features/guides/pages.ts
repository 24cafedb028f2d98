import type { GuidePage, GuidesByPlace } from '@excursio/shared/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, guides, regions, reviews } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { cardsWhere, isPublished } from '../catalog/cards';
import { findCity } from '../geo/cities';
import { reviewCards } from '../reviews/cards';
import { guideCards, guidesWorkingIn } from './cards';

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
      .where(and(eq(excursions.guideId, guide.id), isPublished, isNull(reviews.hiddenAt))),
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
