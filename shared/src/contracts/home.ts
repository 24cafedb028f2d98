import Type, { type Static } from 'typebox';
import { ExcursionCard } from './catalog';
import { envelope } from './common';
import { BlogPostCard } from './content';
import { CityCard } from './geo';
import { ReviewCard } from './reviews';
import { SightCard } from './sights';

// The index page and the catalog's version (public):
//   GET /api/excursion/public/home             → HomeResponse (every block of `/` in one cached answer)
//   GET /api/excursion/public/catalog-version  → CatalogVersionResponse (no-store)

/** The blocks of the index page; a block that failed to load is an empty list (the page hides it). */
export const HomeData = Type.Object({
  cities: Type.Array(CityCard),
  excursions: Type.Array(ExcursionCard),
  sights: Type.Array(SightCard),
  reviews: Type.Array(ReviewCard),
  posts: Type.Array(BlogPostCard),
});
export type HomeData = Static<typeof HomeData>;

export const HomeResponse = envelope(HomeData);
export type HomeResponse = Static<typeof HomeResponse>;

/** The catalog's version: it moves whenever what a public catalog page shows changes (the rendered-page cache's key). */
export const CatalogVersionResponse = Type.Object({ version: Type.String({ pattern: '^[0-9]+$' }) });
export type CatalogVersionResponse = Static<typeof CatalogVersionResponse>;
