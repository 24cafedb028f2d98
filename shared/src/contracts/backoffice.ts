import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';
import { FieldChanges } from './partner-excursions';

// The back office (issue 27): the service's own people. Every call is under /api/staff/… with a bearer token of a
// staff account (user_type 'staff'; its `role` is 'staff' or 'admin'); anyone else gets 403 (401 without a token).
// Admin-only calls (blocking, roles, refunds above STAFF_REFUND_LIMIT, approving waiting refunds) answer 403 to staff.
// Every action is written to the audit log with its notification in one transaction. Bad input: 422
// `{ message, errors: { field: ['…'] } }` in Russian. A decision on an item someone else already decided: 409.
//
//   GET  /api/staff/me                                        → StaffMeResponse
//   GET  /api/staff/dashboard                                 → DashboardResponse
// Moderation (kind in paths: 'excursions' | 'changes'; item.kind: 'excursion' | 'change'):
//   GET  /api/staff/moderation?kind                           → ModerationQueueResponse (oldest first, with claims)
//   GET  /api/staff/moderation/{kind}/{id}                    → ModerationDetailResponse
//   POST /api/staff/moderation/{kind}/{id}/claim              → ModerationDetailResponse (409: claimed by someone else)
//   POST /api/staff/moderation/{kind}/{id}/release            → ModerationDetailResponse
//   POST /api/staff/moderation/{kind}/{id}/approve { comment? }             → StatusResponse (409: decided / claimed by another)
//   POST /api/staff/moderation/{kind}/{id}/reject  { comment, template_id? } → StatusResponse
// Templates (moderation rejections and support replies; the same shape, two lists):
//   GET    /api/staff/{moderation|support}/templates          → StaffTemplateListResponse
//   POST   /api/staff/{moderation|support}/templates { title, text }      → 201 StaffTemplateResponse
//   PUT    /api/staff/{moderation|support}/templates/{id} { title, text } → StaffTemplateResponse
//   DELETE /api/staff/{moderation|support}/templates/{id}     → StatusResponse
// Support (the customer's and partner's api never shows internal notes):
//   GET  /api/staff/support/tickets?status&kind&assignee&older_than_h&q&page → StaffTicketListResponse (status: open
//        by default, or answered, closed, all)
//   GET  /api/staff/support/tickets/{id}                      → StaffTicketResponse
//   POST /api/staff/support/tickets/{id}/assign               → StaffTicketResponse (assigned to me)
//   POST /api/staff/support/tickets/{id}/unassign             → StaffTicketResponse
//   POST /api/staff/support/tickets/{id}/answer { text }      → StaffTicketResponse (the owner notified)
//   POST /api/staff/support/tickets/{id}/notes  { text }      → StaffTicketResponse (internal, the owner never sees it)
//   POST /api/staff/support/tickets/{id}/close                → StaffTicketResponse
// Orders, accounts, reviews, content, audit: ./backoffice-orders.ts, ./backoffice-accounts.ts, ./backoffice-content.ts.

export const StaffRole = Type.Union([Type.Literal('staff'), Type.Literal('admin')]);
export type StaffRole = Static<typeof StaffRole>;

/** Someone named in the back office (a staff member, a customer, a partner). */
export const StaffPerson = Type.Object({ id: Type.Integer(), name: Type.String() });
export type StaffPerson = Static<typeof StaffPerson>;

export const StaffMe = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: StaffRole,
  /** Refunds above this many roubles need an admin (STAFF_REFUND_LIMIT). */
  refund_limit: Type.Integer(),
});
export type StaffMe = Static<typeof StaffMe>;
export const StaffMeResponse = envelope(StaffMe);
export type StaffMeResponse = Static<typeof StaffMeResponse>;

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

// ---- dashboard ----

export const DashboardQueue = Type.Object({
  count: Type.Integer(),
  /** The oldest waiting item: when it arrived, and its age in seconds (null when the queue is empty). */
  oldest_at: Type.Union([Type.String(), Type.Null()]),
  oldest_age_s: Type.Union([Type.Integer(), Type.Null()]),
});
export type DashboardQueue = Static<typeof DashboardQueue>;

/** One Moscow day's figures. Amounts in whole roubles. */
export const DashboardDay = Type.Object({
  /** YYYY-MM-DD, Moscow calendar day. */
  date: Type.String(),
  /** Orders placed that day. */
  orders: Type.Integer(),
  /** Prepayments that succeeded that day (what the customers paid online). */
  paid_amount: Type.Integer(),
  /** The service's commission earned that day: paid prepayments less what was refunded of them that day. */
  commission: Type.Integer(),
  /** Partner accounts created that day. */
  new_partners: Type.Integer(),
});
export type DashboardDay = Static<typeof DashboardDay>;

export const Dashboard = Type.Object({
  /** Today (Moscow). */
  today: DashboardDay,
  queues: Type.Object({
    moderation: DashboardQueue,
    /** Open tickets (waiting for an answer). */
    support: DashboardQueue,
    /** Refunds waiting for an admin (above the limit). */
    refunds: DashboardQueue,
  }),
  /** The median time to the first staff answer of the tickets opened in the last 30 days (null: none answered). */
  support_first_answer_median_s: Type.Union([Type.Integer(), Type.Null()]),
  /** The last 30 Moscow days, oldest first, today last (30 entries, days without activity as zeros). */
  series: Type.Array(DashboardDay),
});
export type Dashboard = Static<typeof Dashboard>;
export const DashboardResponse = envelope(Dashboard);
export type DashboardResponse = Static<typeof DashboardResponse>;

// ---- moderation ----

export const ModerationKindPath = Type.Union([Type.Literal('excursions'), Type.Literal('changes')]);
export type ModerationKindPath = Static<typeof ModerationKindPath>;
export const ModerationItemParams = Type.Object({ kind: ModerationKindPath, id: RowId });
export type ModerationItemParams = Static<typeof ModerationItemParams>;

export const ModerationClaim = Type.Object({
  by: StaffPerson,
  /** The claim lapses then (MODERATION_CLAIM_MIN after it was taken or renewed). */
  until: Type.String(),
  /** The claim is the caller's own. */
  mine: Type.Boolean(),
});
export type ModerationClaim = Static<typeof ModerationClaim>;

export const StaffModerationItem = Type.Object({
  kind: Type.Union([Type.Literal('excursion'), Type.Literal('change')]),
  /** The excursion's id (kind excursion) or the change request's id (kind change). */
  id: Type.Integer(),
  excursion_id: Type.Integer(),
  title: Type.String(),
  /** The partner's name (kept for older callers) and the partner. */
  partner: Type.String(),
  partner_id: Type.Integer(),
  city_name: Type.String(),
  changes: Type.Union([FieldChanges, Type.Null()]),
  submitted_at: Type.String(),
  age_s: Type.Integer(),
  /** Who is reviewing it now (null: nobody, or the claim lapsed). */
  claim: Type.Union([ModerationClaim, Type.Null()]),
});
export type StaffModerationItem = Static<typeof StaffModerationItem>;

export const ModerationQueueQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('excursion'), Type.Literal('change')])),
});
export type ModerationQueueQuery = Static<typeof ModerationQueueQuery>;
export const StaffModerationQueueResponse = envelope(Type.Array(StaffModerationItem));
export type StaffModerationQueueResponse = Static<typeof StaffModerationQueueResponse>;

/**
 * One field side by side. For a new excursion `current` is null (nothing is live yet); for a change request it is
 * the live value. Values are display text (a city's name, «Групповая», a list joined by line breaks).
 */
export const ModerationField = Type.Object({
  field: Type.String(),
  label: Type.String(),
  current: Type.Union([Type.String(), Type.Null()]),
  proposed: Type.String(),
  changed: Type.Boolean(),
});
export type ModerationField = Static<typeof ModerationField>;

export const ModerationPhoto = Type.Object({
  /** A small rendition for the thumbnail … */
  thumb_url: Type.String(),
  /** … and the original, one click away. */
  url: Type.String(),
});
export type ModerationPhoto = Static<typeof ModerationPhoto>;

export const ModerationDetail = Type.Object({
  ...StaffModerationItem.properties,
  /** pending (waiting), approved, rejected: a decided item stays readable. */
  state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  /** The partner's comment to a change request ('' when none). */
  partner_comment: Type.String(),
  /** The moderator's last comment (a rejection's reason). */
  moderator_comment: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Array(ModerationField),
  photos: Type.Array(ModerationPhoto),
  /** The public page, once published. */
  public_url: Type.Union([Type.String(), Type.Null()]),
});
export type ModerationDetail = Static<typeof ModerationDetail>;
export const ModerationDetailResponse = envelope(ModerationDetail);
export type ModerationDetailResponse = Static<typeof ModerationDetailResponse>;

export const ModerationApproveBody = Type.Object({ comment: Type.Optional(Type.String({ maxLength: 2000 })) });
export type ModerationApproveBody = Static<typeof ModerationApproveBody>;
/** A rejection needs a comment (the partner sees it); `template_id` records which template it started from. */
export const ModerationRejectBody = Type.Object({
  comment: Type.String({ maxLength: 2000 }),
  template_id: Type.Optional(RowId),
});
export type ModerationRejectBody = Static<typeof ModerationRejectBody>;

// ---- templates ----

export const StaffTemplate = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  updated_at: Type.String(),
  updated_by: Type.Union([StaffPerson, Type.Null()]),
});
export type StaffTemplate = Static<typeof StaffTemplate>;
export const StaffTemplateBody = Type.Object({
  title: Type.String({ maxLength: 200 }),
  text: Type.String({ maxLength: 5000 }),
});
export type StaffTemplateBody = Static<typeof StaffTemplateBody>;
export const StaffTemplateParams = Type.Object({ id: RowId });
export const StaffTemplateListResponse = envelope(Type.Array(StaffTemplate));
export type StaffTemplateListResponse = Static<typeof StaffTemplateListResponse>;
export const StaffTemplateResponse = envelope(StaffTemplate);
export type StaffTemplateResponse = Static<typeof StaffTemplateResponse>;

// ---- support ----

/** Whose ticket: a customer's or a partner's. */
export const TicketKind = Type.Union([Type.Literal('client'), Type.Literal('partner')]);
export type TicketKind = Static<typeof TicketKind>;

export const StaffTicketListQuery = Type.Object({
  /** open (waiting for an answer; the default, as before the back office), answered, closed, or all. */
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed'), Type.Literal('all')])),
  kind: Type.Optional(TicketKind),
  /** 'me', 'none' (unassigned) or a staff account's id. */
  assignee: Type.Optional(Type.String({ pattern: '^(me|none|[1-9][0-9]{0,9})$', maxLength: 10 })),
  /** Only tickets opened at least this many hours ago. */
  older_than_h: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  /** The ticket's number, or words of its subject or owner's name. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  ...PageQuery,
});
export type StaffTicketListQuery = Static<typeof StaffTicketListQuery>;

export const StaffTicketSummary = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]),
  kind: TicketKind,
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  excursion: Type.Union([Type.Object({ id: Type.Integer(), title: Type.String() }), Type.Null()]),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), user_type: Type.String() }),
  assignee: Type.Union([StaffPerson, Type.Null()]),
  last_message: Type.Union([Type.String(), Type.Null()]),
  messages_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** Seconds from the ticket's creation to the first staff answer (null: not answered yet). */
  first_answer_s: Type.Union([Type.Integer(), Type.Null()]),
});
export type StaffTicketSummary = Static<typeof StaffTicketSummary>;
export const StaffTicketListResponse = envelope(Paginated(StaffTicketSummary));
export type StaffTicketListResponse = Static<typeof StaffTicketListResponse>;

export const StaffTicketMessage = Type.Object({
  id: Type.Integer(),
  /** owner: the customer or partner; staff: an answer they saw; note: internal, never shown to the owner. */
  kind: Type.Union([Type.Literal('owner'), Type.Literal('staff'), Type.Literal('note')]),
  /** Null for the seed's older answers (no sender). */
  author: Type.Union([StaffPerson, Type.Null()]),
  text: Type.String(),
  created_at: Type.String(),
});
export type StaffTicketMessage = Static<typeof StaffTicketMessage>;

export const StaffTicket = Type.Object({
  ...StaffTicketSummary.properties,
  messages: Type.Array(StaffTicketMessage),
});
export type StaffTicket = Static<typeof StaffTicket>;
export const StaffTicketResponse = envelope(StaffTicket);
export type StaffTicketResponse = Static<typeof StaffTicketResponse>;
export const StaffTextBody = Type.Object({ text: Type.String({ maxLength: 5000 }) });
export type StaffTextBody = Static<typeof StaffTextBody>;
