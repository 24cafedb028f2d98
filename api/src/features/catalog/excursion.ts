import type { ExcursionDetail, ExcursionEvent } from '@excursio/shared/contracts';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cities,
  countries,
  events,
  excursionPhotos,
  excursions,
  excursionSights,
  guides,
  regions,
  reviews,
  sights,
} from '../../db/schema';
import { notFound } from '../../http/http-error';
import { isPublished, tagList } from './cards';
import { guideCards, sightCards } from './places';
import { slotPriceUnits, priceUnitsOf } from './price-units';
import { reviewCards } from './reviews';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the calendar of an excursion page reaches. */
export const EVENTS_DAYS_AHEAD = 60;

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

/** Active slots of a published excursion from now to 60 days ahead, with seats left and the slot's prices. */
export async function excursionEvents(db: Database, excursionId: number, now: Date): Promise<ExcursionEvent[]> {
  const excursion = await db.query.excursions.findFirst({ where: and(eq(excursions.id, excursionId), isPublished) });
  if (!excursion) throw notFound();
  const rows = await db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      capacity: events.capacity,
      bookedSeats: events.bookedSeats,
      priceOverride: events.priceOverride,
    })
    .from(events)
    .where(
      and(
        eq(events.excursionId, excursionId),
        eq(events.status, 'active'),
        gt(events.startsAt, now),
        lt(events.startsAt, new Date(now.getTime() + EVENTS_DAYS_AHEAD * DAY_MS)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((r) => {
    const units = slotPriceUnits(excursion, r.priceOverride);
    return {
      id: r.id,
      starts_at: r.startsAt.toISOString(),
      capacity: r.capacity,
      seats_left: Math.max(0, r.capacity - r.bookedSeats),
      price: r.priceOverride ?? excursion.price,
      price_units: units,
    };
  });
}
