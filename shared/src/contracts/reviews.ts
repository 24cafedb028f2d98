import Type, { type Static } from 'typebox';
import { PlaceRef } from './catalog';
import { envelope, Paginated } from './common';

// Reviews (public):
//   GET /api/excursion/public/reviews/fresh                      → ReviewCardsResponse (?limit=)
//   GET /api/excursion/public/reviews/{region}[/{city}[/{excursion}]] → PlaceReviewsResponse (?page, per_page)
//   GET /api/excursion/public/excursions/{id}/reviews            → ReviewListResponse (?page, per_page)

export const ExcursionRef = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  city_slug: Type.String(),
  region_slug: Type.String(),
});
export type ExcursionRef = Static<typeof ExcursionRef>;

export const ReviewCard = Type.Object({
  id: Type.Integer(),
  author_name: Type.String(),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  replied_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  excursion: ExcursionRef,
  /** The author's photos (WebP srcset and a JPEG fallback). */
  photos: Type.Array(Type.Object({ url: Type.String(), fallback_url: Type.String(), srcset: Type.String(), width: Type.Integer(), height: Type.Integer() })),
});
export type ReviewCard = Static<typeof ReviewCard>;

export const ReviewCardsResponse = envelope(Type.Array(ReviewCard));
export type ReviewCardsResponse = Static<typeof ReviewCardsResponse>;

export const ReviewListResponse = envelope(Paginated(ReviewCard));
export type ReviewListResponse = Static<typeof ReviewListResponse>;

export const PlaceReviews = Type.Object({
  region: PlaceRef,
  city: Type.Union([PlaceRef, Type.Null()]),
  excursion: Type.Union([ExcursionRef, Type.Null()]),
  /** Average rating of the reviews of the place (0 without reviews). */
  rating: Type.Number(),
  reviews: Paginated(ReviewCard),
});
export type PlaceReviews = Static<typeof PlaceReviews>;

export const PlaceReviewsResponse = envelope(PlaceReviews);
export type PlaceReviewsResponse = Static<typeof PlaceReviewsResponse>;
