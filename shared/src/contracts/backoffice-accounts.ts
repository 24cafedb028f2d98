import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';
import { OrderStatus } from './orders';
import { PageQuery, StaffPerson, StaffRole } from './backoffice';

// Back office: accounts and reviews (see ./backoffice.ts for the rules every staff call keeps).
//   GET  /api/staff/accounts?type&q&blocked&page             → StaffAccountListResponse (newest first)
//   GET  /api/staff/accounts/{id}                            → StaffAccountResponse (orders, tickets, reviews)
//   POST /api/staff/accounts/{id}/block   { reason }         → StaffAccountResponse (admin only): every token of the
//        account stops working at once (its open pages lose the session), sign-in is refused, a partner's
//        published excursions leave the catalog
//   POST /api/staff/accounts/{id}/unblock { reason }         → StaffAccountResponse (admin only): the excursions the
//        block took out of the catalog come back
//   POST /api/staff/accounts/{id}/requisites/verify          → StaffAccountResponse (a partner's INN checked)
//   PUT  /api/staff/accounts/{id}/role { role }              → StaffAccountResponse (admin only; 'client' takes the
//        staff access away; a partner's type never changes; nobody changes their own role)
// Reviews:
//   POST /api/excursion/partner/reviews/{id}/flag { reason } → StatusResponse (a partner, on a review of their
//        excursion: «Пожаловаться»; one open flag per review and partner, sending again replaces the reason)
//   GET  /api/staff/reviews?flagged&hidden&q&page            → StaffReviewListResponse (flagged: the open flags
//        first, oldest first; otherwise newest first)
//   POST /api/staff/reviews/{id}/hide    { reason }          → StaffReviewResponse (out of the catalog; the author
//        is told with the reason; open flags are resolved)
//   POST /api/staff/reviews/{id}/restore { reason }          → StaffReviewResponse (back; the author is told)
//   POST /api/staff/reviews/{id}/dismiss-flags               → StaffReviewResponse (the flags found unfounded)

/** client, partner, staff, admin (a staff account with the admin role). */
export const AccountRole = Type.Union([
  Type.Literal('client'),
  Type.Literal('partner'),
  Type.Literal('staff'),
  Type.Literal('admin'),
]);
export type AccountRole = Static<typeof AccountRole>;

export const StaffAccountListQuery = Type.Object({
  /** client, partner or staff (staff includes admins). */
  type: Type.Optional(Type.Union([Type.Literal('client'), Type.Literal('partner'), Type.Literal('staff')])),
  /** A name, phone digits, an e-mail or an id. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  blocked: Type.Optional(Type.Boolean()),
  ...PageQuery,
});
export type StaffAccountListQuery = Static<typeof StaffAccountListQuery>;

export const AccountBlock = Type.Object({ reason: Type.String(), at: Type.String(), by: Type.Union([StaffPerson, Type.Null()]) });

export const StaffAccountListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  role: AccountRole,
  created_at: Type.String(),
  deleted: Type.Boolean(),
  /** Null unless blocked. */
  blocked: Type.Union([AccountBlock, Type.Null()]),
  orders_count: Type.Integer(),
});
export type StaffAccountListItem = Static<typeof StaffAccountListItem>;
export const StaffAccountListResponse = envelope(Paginated(StaffAccountListItem));
export type StaffAccountListResponse = Static<typeof StaffAccountListResponse>;

export const StaffAccountOrder = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  title: Type.String(),
  total: Type.Integer(),
  created_at: Type.String(),
});
export const StaffAccountTicket = Type.Object({ id: Type.Integer(), subject: Type.String(), status: Type.String(), created_at: Type.String() });
export const StaffAccountReview = Type.Object({
  id: Type.Integer(),
  excursion: Type.Object({ id: Type.Integer(), title: Type.String() }),
  rating: Type.Integer(),
  text: Type.String(),
  hidden: Type.Boolean(),
  created_at: Type.String(),
});

export const PartnerRequisites = Type.Object({
  /** individual | self_employed | company */
  legal_type: Type.String(),
  legal_name: Type.String(),
  inn: Type.String(),
  /** The INN's control digits are right (the FNS check every form runs). */
  inn_valid: Type.Boolean(),
  verified: Type.Union([Type.Object({ at: Type.String(), by: Type.Union([StaffPerson, Type.Null()]) }), Type.Null()]),
});
export type PartnerRequisites = Static<typeof PartnerRequisites>;

export const StaffAccount = Type.Object({
  ...StaffAccountListItem.properties,
  /** The last 50 orders: a customer's bookings, a partner's sales. */
  orders: Type.Array(StaffAccountOrder),
  tickets: Type.Array(StaffAccountTicket),
  /** Reviews written (a customer) or received on their excursions (a partner), the last 50. */
  reviews: Type.Array(StaffAccountReview),
  /** A partner's legal details (null for anyone else). */
  requisites: Type.Union([PartnerRequisites, Type.Null()]),
  /** A partner's excursions by status (null for anyone else). */
  excursions: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
});
export type StaffAccount = Static<typeof StaffAccount>;
export const StaffAccountResponse = envelope(StaffAccount);
export type StaffAccountResponse = Static<typeof StaffAccountResponse>;
export const StaffAccountParams = Type.Object({ id: RowId });
export const StaffRoleBody = Type.Object({ role: Type.Union([Type.Literal('client'), StaffRole]) });
export type StaffRoleBody = Static<typeof StaffRoleBody>;

// ---- reviews ----

export const ReviewFlagBody = Type.Object({ reason: Type.String({ maxLength: 1000 }) });
export type ReviewFlagBody = Static<typeof ReviewFlagBody>;

export const StaffReviewFlag = Type.Object({
  id: Type.Integer(),
  partner: StaffPerson,
  reason: Type.String(),
  created_at: Type.String(),
  /** open, or resolved (the review hidden, or the flag dismissed). */
  open: Type.Boolean(),
});

export const StaffReview = Type.Object({
  id: Type.Integer(),
  excursion: Type.Object({ id: Type.Integer(), title: Type.String() }),
  partner: StaffPerson,
  author: Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() }),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** Null while visible; the reason the author was given when hidden. */
  hidden: Type.Union([Type.Object({ reason: Type.String(), at: Type.String(), by: Type.Union([StaffPerson, Type.Null()]) }), Type.Null()]),
  flags: Type.Array(StaffReviewFlag),
});
export type StaffReview = Static<typeof StaffReview>;

export const StaffReviewListQuery = Type.Object({
  /** Only reviews with an open flag. */
  flagged: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  /** Words of the text, the author's name, the excursion's title; or a review's id. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  ...PageQuery,
});
export type StaffReviewListQuery = Static<typeof StaffReviewListQuery>;
export const StaffReviewListResponse = envelope(Paginated(StaffReview));
export type StaffReviewListResponse = Static<typeof StaffReviewListResponse>;
export const StaffReviewResponse = envelope(StaffReview);
export type StaffReviewResponse = Static<typeof StaffReviewResponse>;
export const StaffReviewParams = Type.Object({ id: RowId });
