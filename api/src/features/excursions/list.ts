import type { ExcursionCard, ExcursionListQuery, ExcursionSort } from '@excursio/shared/contracts';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, countries, events, excursions, excursionTags, regions, tags } from '../../db/schema';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { countedCardSelect, isPublished, popularOrder, toCards } from '../catalog/cards';
import { matchingExcursions, matchText, type Match } from '../search/match';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Every moment that is `YYYY-MM-DD` on some clock (UTC+14 … UTC−12): [start, end), or null for an impossible
 * date (2025-02-30). The date filter narrows by it first (index events_starts_at_idx), then asks the city's clock.
 */
export function anyZoneDay(date: string): [Date, Date] | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return [new Date(utc - 14 * HOUR_MS), new Date(utc + (24 + 12) * HOUR_MS)];
}

/**
 * The WHERE of the excursion list for the given filters (published excursions only). `match`: the search index's
 * reading of `q` (matchText); a `q` with nothing to search in it matches nothing.
 */
export function listFilters(query: ExcursionListQuery, now: Date, match?: Match | null): SQL | undefined {
  const where: (SQL | undefined)[] = [isPublished];
  if (query.country) {
    where.push(
      sql`${regions.countryId} = (select ${countries.id} from ${countries} where ${countries.slug} = ${query.country})`,
    );
  }
  if (query.region) where.push(eq(regions.slug, query.region));
  if (query.city) where.push(eq(cities.slug, query.city));
  if (query.tag) {
    where.push(
      sql`exists (select 1 from ${excursionTags} inner join ${tags} on ${tags.id} = ${excursionTags.tagId} where ${excursionTags.excursionId} = ${excursions.id} and ${tags.slug} = ${query.tag})`,
    );
  }
  if (query.date) {
    const day = anyZoneDay(query.date);
    if (!day) return sql`false`;
    const from = day[0] > now ? day[0] : now;
    // The day on the excursion city's clock: the day its calendar shows the slot on.
    where.push(
      sql`exists (select 1 from ${events} where ${events.excursionId} = ${excursions.id} and ${events.startsAt} >= ${from} and ${events.startsAt} < ${day[1]} and (${events.startsAt} at time zone ${cities.timeZone})::date = ${query.date}::date and ${events.status} = 'active' and ${events.bookedSeats} < ${events.capacity})`,
    );
  }
  if (query.price_min !== undefined) where.push(gte(excursions.price, query.price_min));
  if (query.price_max !== undefined) where.push(lte(excursions.price, query.price_max));
  if (query.duration_min !== undefined) where.push(gte(excursions.durationMinutes, query.duration_min));
  if (query.duration_max !== undefined) where.push(lte(excursions.durationMinutes, query.duration_max));
  if (query.language) where.push(sql`${excursions.languages} @> ${JSON.stringify([query.language])}::jsonb`);
  if (query.format) where.push(eq(excursions.format, query.format));
  if (query.rating_min !== undefined) where.push(gte(excursions.rating, query.rating_min));
  if (query.q && query.q.trim()) where.push(match ? matchingExcursions(match) : sql`false`);
  return and(...where);
}

export function sortOrder(sort: ExcursionSort | undefined): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(excursions.price), sql`${excursions.popularity} desc`, asc(excursions.id)];
    case 'price_desc':
      return [desc(excursions.price), sql`${excursions.popularity} desc`, asc(excursions.id)];
    case 'rating':
      return [desc(excursions.rating), desc(excursions.reviewsCount), asc(excursions.id)];
    default:
      return popularOrder;
  }
}

/**
 * One page of the catalog with its total, in one query: the total is a window count over the filtered rows
 * (the tags come with the cards). Only a page past the end needs a second query for the count.
 */
export async function listExcursions(db: Database, query: ExcursionListQuery, now: Date): Promise<Page<ExcursionCard>> {
  const request = pageRequest(query, 24);
  const match = query.q && query.q.trim() ? await matchText(db, query.q) : null;
  const where = listFilters(query, now, match);
  const offset = offsetOf(request);
  const rows = await countedCardSelect(db)
    .where(where)
    .orderBy(...sortOrder(query.sort))
    .limit(request.perPage)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(excursions)
      .innerJoin(cities, eq(cities.id, excursions.cityId))
      .innerJoin(regions, eq(regions.id, cities.regionId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return pageOf(toCards(rows), total, request);
}
