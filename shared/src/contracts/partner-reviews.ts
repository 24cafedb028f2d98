import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';

// The partner's reviews (partner account, /account/partner/reviews):
//   GET  /api/excursion/partner/reviews?excursion_id&rating&date_from&date_to&page&per_page → PartnerReviewsResponse
//   POST /api/excursion/partner/reviews/{id}/reply { text }                                → PartnerReviewResponse
// One public reply per review; sending again replaces it (the date is the last edit's).

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const PartnerReviewsQuery = Type.Object({
  excursion_id: Type.Optional(RowId),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  /** Calendar days (yyyy-mm-dd, Moscow), both included. */
  date_from: Type.Optional(DateString),
  date_to: Type.Optional(DateString),
  /** Only reviews without a reply. */
  unanswered: Type.Optional(Type.Boolean()),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type PartnerReviewsQuery = Static<typeof PartnerReviewsQuery>;

export const PartnerReview = Type.Object({
  id: Type.Integer(),
  author_name: Type.String(),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  replied_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  excursion: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    /** The catalog address of the excursion (/excursion/{region}/{city}/{slug}). */
    path: Type.String(),
  }),
});
export type PartnerReview = Static<typeof PartnerReview>;

export const PartnerExcursionOption = Type.Object({ id: Type.Integer(), title: Type.String() });
export type PartnerExcursionOption = Static<typeof PartnerExcursionOption>;

export const PartnerReviews = Type.Object({
  reviews: Paginated(PartnerReview),
  /** Every excursion of the partner (the filter's choices). */
  excursions: Type.Array(PartnerExcursionOption),
  /** Over all the partner's reviews, not the filter: the average rating (0 without any) and how many await a reply. */
  summary: Type.Object({ total: Type.Integer(), rating: Type.Number(), unanswered: Type.Integer() }),
});
export type PartnerReviews = Static<typeof PartnerReviews>;

export const PartnerReviewsResponse = envelope(PartnerReviews);
export type PartnerReviewsResponse = Static<typeof PartnerReviewsResponse>;

export const ReviewReplyBody = Type.Object({ text: Type.String({ maxLength: 5000 }) });
export type ReviewReplyBody = Static<typeof ReviewReplyBody>;

export const PartnerReviewResponse = envelope(PartnerReview);
export type PartnerReviewResponse = Static<typeof PartnerReviewResponse>;
