import type { CatalogPageQuery, PlaceReviews, ReviewCard } from '@excursio/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, excursions, regions, reviews } from '../../db/schema';
import { notFound } from '../../http/http-error';
import type { Page } from '../../http/pagination';
import { findCity } from '../geo/cities';
import { isPublished } from '../catalog/cards';
import { reviewPage } from './cards';

/** Reviews of one published excursion (404 when it is not public). */
export async function excursionReviews(db: Database, excursionId: number, query: CatalogPageQuery): Promise<Page<ReviewCard>> {
  const excursion = await db.query.excursions.findFirst({
    columns: { id: true },
    where: and(eq(excursions.id, excursionId), isPublished),
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
    where: and(eq(excursions.cityId, city.id), eq(excursions.slug, excursionSlug), isPublished),
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
