import type { ExcursionDetail } from '@excursio/shared/contracts';
import { priceUnitsOf } from '@excursio/shared/pricing';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cities,
  countries,
  excursionPhotos,
  excursions,
  excursionSights,
  guides,
  regions,
  reviews,
  sights,
} from '../../db/schema';
import { notFound } from '../../http/http-error';
import { isPublished, tagList } from '../catalog/cards';
import { guideCards } from '../guides/cards';
import { reviewCards } from '../reviews/cards';
import { sightCards } from '../sights/cards';

/** Photo addresses of the excursion in the row, in gallery order, as a JSON array. */
const photoList = sql<string[]>`coalesce((select json_agg(${excursionPhotos.url} order by ${excursionPhotos.position}, ${excursionPhotos.id}) from ${excursionPhotos} where ${excursionPhotos.excursionId} = ${excursions.id}), '[]'::json)`;

/**
 * An excursion page in four queries: the excursion with its place, photos and tags, then its sights, guide
 * and latest reviews side by side.
 */
export async function excursionDetail(
  db: Database,
  regionSlug: string,
  citySlug: string,
  excursionSlug: string,
): Promise<ExcursionDetail> {
  const [row] = await db
    .select({
      excursion: excursions,
      city: { id: cities.id, slug: cities.slug, name: cities.name },
      region: { id: regions.id, slug: regions.slug, name: regions.name },
      country: { id: countries.id, slug: countries.slug, name: countries.name },
      timeZone: cities.timeZone,
      photos: photoList,
      tags: tagList,
    })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(and(eq(regions.slug, regionSlug), eq(cities.slug, citySlug), eq(excursions.slug, excursionSlug), isPublished))
    .limit(1);
  if (!row) throw notFound();
  const e = row.excursion;
  const [sightList, guideList, latest] = await Promise.all([
    sightCards(
      db,
      sql`${sights.id} in (select ${excursionSights.sightId} from ${excursionSights} where ${excursionSights.excursionId} = ${e.id})`,
      50,
    ),
    e.guideId === null ? Promise.resolve([]) : guideCards(db, eq(guides.id, e.guideId), 1),
    reviewCards(db, eq(reviews.excursionId, e.id), 5),
  ]);
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    photos: row.photos,
    city: row.city,
    region: row.region,
    country: row.country,
    time_zone: row.timeZone,
    tags: row.tags,
    sights: sightList,
    guide: guideList[0] ?? null,
    meeting_point: e.meetingPoint,
    programme: e.programme,
    included: e.included,
    excluded: e.excluded,
    languages: e.languages,
    duration_minutes: e.durationMinutes,
    format: e.format,
    price_type: e.priceType,
    price: e.price,
    price_units: priceUnitsOf(e),
    group_size_max: e.groupSizeMax,
    instant_booking: e.instantBooking,
    cancellation_terms: e.cancellationTerms,
    rating: Number(e.rating),
    reviews_count: e.reviewsCount,
    reviews: latest,
  };
}
