import type { CatalogPageQuery, PlaceReviews, ReviewCard } from '@excursio/shared/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions, reviews } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { findCity } from './geo';
import { offsetOf, pageOf, pageRequest, type Page } from './pagination';

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

function toReview(r: ReviewRow): ReviewCard {
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
  };
}

const published = eq(excursions.status, 'published');
const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/** Reviews of published excursions matching `where`, newest first. */
export async function reviewCards(db: Database, where: SQL | undefined, limit: number): Promise<ReviewCard[]> {
  const rows = await reviewSelect(db)
    .where(and(published, where))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toReview);
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
    .where(and(published, where));
  const total = stats?.total ?? 0;
  const rating = stats?.rating ? Math.round(Number(stats.rating) * 100) / 100 : 0;
  const rows =
    total > offsetOf(request)
      ? await reviewSelect(db)
          .where(and(published, where))
          .orderBy(...newestFirst)
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  return { page: pageOf(rows.map(toReview), total, request), rating };
}

/** Reviews of one published excursion (404 when it is not public). */
export async function excursionReviews(db: Database, excursionId: number, query: CatalogPageQuery): Promise<Page<ReviewCard>> {
  const excursion = await db.query.excursions.findFirst({
    columns: { id: true },
    where: and(eq(excursions.id, excursionId), published),
  });
  if (!excursion) throw notFound();
  return (await reviewPage(db, eq(reviews.excursionId, excursionId), query)).page;
}

/** /excursion/reviews/{region}[/{city}[/{excursion}]]: the reviews of a place. */
export async function placeReviews(db: Database, segments: string[], query: CatalogPageQuery): Promise<PlaceReviews> {
  if (segments.length < 1 || segments.length > 3) throw notFound();
  const [regionSlug, citySlug, excursionSlug] = segments as [string, string | undefined, string | undefined];
  if (citySlug === undefined) {
    const region = await db.query.regions.findFirst({ where: eq(regions.slug, regionSlug) });
    if (!region) throw notFound();
    const { page, rating } = await reviewPage(db, eq(cities.regionId, region.id), query);
    return { region: { id: region.id, slug: region.slug, name: region.name }, city: null, excursion: null, rating, reviews: page };
  }
  const { city, region } = await findCity(db, regionSlug, citySlug);
  const cityRef = { id: city.id, slug: city.slug, name: city.name };
  if (excursionSlug === undefined) {
    const { page, rating } = await reviewPage(db, eq(excursions.cityId, city.id), query);
    return { region, city: cityRef, excursion: null, rating, reviews: page };
  }
  const excursion = await db.query.excursions.findFirst({
    columns: { id: true, slug: true, title: true },
    where: and(eq(excursions.cityId, city.id), eq(excursions.slug, excursionSlug), published),
  });
  if (!excursion) throw notFound();
  const { page, rating } = await reviewPage(db, eq(reviews.excursionId, excursion.id), query);
  return {
    region,
    city: cityRef,
    excursion: { ...excursion, city_slug: city.slug, region_slug: region.slug },
    rating,
    reviews: page,
  };
}
