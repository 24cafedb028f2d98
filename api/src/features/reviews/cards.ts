import type { CatalogPageQuery, ReviewCard, UploadedImage } from '@excursio/shared/contracts';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions, reviews } from '../../db/schema';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { isPublished as excursionPublished } from '../catalog/cards';

/** Reviews shown in the catalog: of published excursions, and not hidden by staff. */
export const isPublished = and(excursionPublished, isNull(reviews.hiddenAt))!;
import { photosOfReviews } from '../media/uploads/store';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function reviewSelect(db: Database) {
  return db
    .select({
      id: reviews.id,
      author_name: reviews.authorName,
      rating: reviews.rating,
      text: reviews.text,
      reply: reviews.reply,
      replied_at: reviews.repliedAt,
      created_at: reviews.createdAt,
      excursion_id: excursions.id,
      excursion_slug: excursions.slug,
      excursion_title: excursions.title,
      city_slug: cities.slug,
      region_slug: regions.slug,
    })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>['execute']>>[number];

function toReview(r: ReviewRow, photos: Map<number, UploadedImage[]>): ReviewCard {
  return {
    id: r.id,
    author_name: r.author_name,
    rating: r.rating,
    text: r.text,
    reply: r.reply,
    replied_at: iso(r.replied_at),
    created_at: r.created_at.toISOString(),
    excursion: {
      id: r.excursion_id,
      slug: r.excursion_slug,
      title: r.excursion_title,
      city_slug: r.city_slug,
      region_slug: r.region_slug,
    },
    photos: (photos.get(r.id) ?? []).map(({ url, fallback_url, srcset, width, height }) => ({ url, fallback_url, srcset, width, height })),
  };
}

/** Rows as cards, with their photos (one query for the page). */
async function toReviews(db: Database, rows: ReviewRow[]): Promise<ReviewCard[]> {
  const photos = await photosOfReviews(db, rows.map((r) => r.id));
  return rows.map((r) => toReview(r, photos));
}

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/** Reviews of published excursions matching `where`, newest first. */
export async function reviewCards(db: Database, where: SQL | undefined, limit: number): Promise<ReviewCard[]> {
  const rows = await reviewSelect(db)
    .where(and(isPublished, where))
    .orderBy(...newestFirst)
    .limit(limit);
  return toReviews(db, rows);
}

/** A page of reviews matching `where` plus their count and average rating. */
export async function reviewPage(
  db: Database,
  where: SQL | undefined,
  query: CatalogPageQuery,
): Promise<{ page: Page<ReviewCard>; rating: number }> {
  const request = pageRequest(query, 10);
  const [stats] = await db
    .select({ total: sql<number>`count(*)::int`, rating: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .innerJoin(excursions, eq(excursions.id, reviews.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(isPublished, where));
  const total = stats?.total ?? 0;
  const rating = stats?.rating ? Math.round(Number(stats.rating) * 100) / 100 : 0;
  const rows =
    total > offsetOf(request)
      ? await reviewSelect(db)
          .where(and(isPublished, where))
          .orderBy(...newestFirst)
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  return { page: pageOf(await toReviews(db, rows), total, request), rating };
}
