import Type, { type Static } from 'typebox';
import { ExcursionCard, PlaceRef } from './catalog';
import { envelope } from './common';
import { ReviewCard } from './reviews';

// Guides (public):
//   GET /api/excursion/public/guides/{slug}                      → GuideResponse
//   GET /api/excursion/public/guides/regions/{region}[/{city}]   → GuidesByPlaceResponse

export const GuideCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  languages: Type.Array(Type.String()),
  rating: Type.Number(),
  region: Type.Union([PlaceRef, Type.Null()]),
  excursions_count: Type.Integer(),
});
export type GuideCard = Static<typeof GuideCard>;

export const GuidePage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  bio: Type.String(),
  languages: Type.Array(Type.String()),
  rating: Type.Number(),
  region: Type.Union([PlaceRef, Type.Null()]),
  reviews_count: Type.Integer(),
  excursions: Type.Array(ExcursionCard),
  /** The 10 most recent reviews of the guide's excursions. */
  reviews: Type.Array(ReviewCard),
});
export type GuidePage = Static<typeof GuidePage>;

export const GuideResponse = envelope(GuidePage);
export type GuideResponse = Static<typeof GuideResponse>;

export const GuidesByPlace = Type.Object({
  region: PlaceRef,
  city: Type.Union([PlaceRef, Type.Null()]),
  guides: Type.Array(GuideCard),
});
export type GuidesByPlace = Static<typeof GuidesByPlace>;

export const GuidesByPlaceResponse = envelope(GuidesByPlace);
export type GuidesByPlaceResponse = Static<typeof GuidesByPlaceResponse>;
