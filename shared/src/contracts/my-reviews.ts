import Type, { type Static } from 'typebox';
import { envelope, RowId } from './common';
import { UploadedImage } from './media';
import { REVIEW_TEXT_MAX, REVIEW_PHOTOS_MAX } from './values';

// The customer's reviews (/account/user/reviews):
//   GET  /api/excursion/user/reviews                        → MyReviewsResponse (my reviews + completed orders awaiting one)
//   POST /api/excursion/user/reviews { order_id, rating, text, photo_ids? } → 201 MyReviewResponse (a completed order of mine, once)
//   PUT  /api/excursion/user/reviews/{id} { rating, text, photo_ids? } → MyReviewResponse (for 7 days after writing it)
// A review updates the excursion's and the guide's ratings and tells the partner.

const ReviewedExcursion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The catalog address (/excursion/{region}/{city}/{slug}). */
  path: Type.String(),
});

export const MyReview = Type.Object({
  id: Type.Integer(),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  replied_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** Until when it can be edited; null once that time has passed. */
  editable_until: Type.Union([Type.String(), Type.Null()]),
  excursion: ReviewedExcursion,
  photos: Type.Array(UploadedImage),
});
export type MyReview = Static<typeof MyReview>;

/** A completed order of mine without a review yet («Оцените экскурсию»). */
export const ReviewInvitation = Type.Object({
  order_id: Type.Integer(),
  starts_at: Type.String(),
  time_zone: Type.String(),
  excursion: ReviewedExcursion,
});
export type ReviewInvitation = Static<typeof ReviewInvitation>;

export const MyReviews = Type.Object({ reviews: Type.Array(MyReview), awaiting: Type.Array(ReviewInvitation) });
export type MyReviews = Static<typeof MyReviews>;
export const MyReviewsResponse = envelope(MyReviews);
export type MyReviewsResponse = Static<typeof MyReviewsResponse>;
export const MyReviewResponse = envelope(MyReview);
export type MyReviewResponse = Static<typeof MyReviewResponse>;

const Rating = Type.Integer({ minimum: 1, maximum: 5 });
const ReviewText = Type.String({ maxLength: REVIEW_TEXT_MAX });
/** Ids of my uploaded photos (POST /api/media/uploads), in order; editing replaces the set. */
const PhotoIds = Type.Optional(Type.Array(RowId, { maxItems: REVIEW_PHOTOS_MAX }));

export const EditReviewBody = Type.Object({ rating: Rating, text: ReviewText, photo_ids: PhotoIds });
export type EditReviewBody = Static<typeof EditReviewBody>;
export const NewReviewBody = Type.Object({ order_id: RowId, rating: Rating, text: ReviewText, photo_ids: PhotoIds });
export type NewReviewBody = Static<typeof NewReviewBody>;
