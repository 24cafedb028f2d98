import type { ExcursionCard, TagRef } from '@excursio/shared/contracts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursionPhotos, excursions, excursionTags, regions, tags } from '../../db/schema';

/** Only published excursions are public. */
export const isPublished = eq(excursions.status, 'published');

/** First photo of an excursion (index excursion_photos_excursion_id_position_idx). */
export const firstPhoto = sql<string>`coalesce((select ${excursionPhotos.url} from ${excursionPhotos} where ${excursionPhotos.excursionId} = ${excursions.id} order by ${excursionPhotos.position} limit 1), '')`;

/**
 * Tags of the excursion in the row, by name, as a JSON array: read with the row itself instead of a second
 * query (index excursion_tags_excursion_id_tag_id_pk).
 */
export const tagList = sql<TagRef[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'slug', ${tags.slug}, 'name', ${tags.name}) order by ${tags.name}, ${tags.id}) from ${excursionTags} inner join ${tags} on ${tags.id} = ${excursionTags.tagId} where ${excursionTags.excursionId} = ${excursions.id}), '[]'::json)`;

export const cardColumns = {
  id: excursions.id,
  slug: excursions.slug,
  title: excursions.title,
  photo_url: firstPhoto,
  city_id: cities.id,
  city_slug: cities.slug,
  city_name: cities.name,
  region_id: regions.id,
  region_slug: regions.slug,
  region_name: regions.name,
  price: excursions.price,
  price_type: excursions.priceType,
  duration_minutes: excursions.durationMinutes,
  format: excursions.format,
  languages: excursions.languages,
  rating: excursions.rating,
  reviews_count: excursions.reviewsCount,
  instant_booking: excursions.instantBooking,
  tags: tagList,
};

/** The card columns (tags included) joined with their city and region; add where/order/limit. */
export function cardSelect(db: Database) {
  return db
    .select(cardColumns)
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId));
}

/** cardSelect plus `total`: the number of rows the WHERE matches (a window count, taken before limit and offset). */
export function countedCardSelect<T extends Record<string, SQL>>(db: Database, more?: T) {
  return db
    .select({ ...cardColumns, total: sql<number>`(count(*) over ())::int`, ...(more ?? ({} as T)) })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardSelect>['execute']>>[number];

/** Card rows → ExcursionCards (their tags came with the rows: one query per list). */
export function toCards(rows: CardRow[]): ExcursionCard[] {
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    photo_url: r.photo_url,
    city: { id: r.city_id, slug: r.city_slug, name: r.city_name },
    region: { id: r.region_id, slug: r.region_slug, name: r.region_name },
    price: r.price,
    price_type: r.price_type,
    duration_minutes: r.duration_minutes,
    format: r.format,
    languages: r.languages,
    rating: Number(r.rating),
    reviews_count: r.reviews_count,
    instant_booking: r.instant_booking,
    tags: r.tags,
  }));
}

/** The number of published excursions for which `column` holds (a correlated subquery). */
export const publishedCount = (column: SQL) =>
  sql<number>`(select count(*)::int from ${excursions} where ${column} and ${excursions.status} = 'published')`;

/** Most popular first (the default order of every list). */
export const popularOrder = [sql`${excursions.popularity} desc`, sql`${excursions.rating} desc`, asc(excursions.id)];

/** Published excursions matching `where`, most popular first. */
export async function cardsWhere(db: Database, where: SQL | undefined, limit: number): Promise<ExcursionCard[]> {
  const rows = await cardSelect(db)
    .where(and(isPublished, where))
    .orderBy(...popularOrder)
    .limit(limit);
  return toCards(rows);
}
