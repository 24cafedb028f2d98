import Type, { type Static } from 'typebox';
import { ExcursionFormat, PriceType } from './catalog';
import { envelope, GroupGathering, Paginated, RowId } from './common';
import { PaymentStatus } from './payments';
import { TicketStatus } from './tickets';
import { PROPOSAL_MAX_SLOTS, PROPOSAL_MESSAGE_MAX } from './values';

// Ordering (designed: the spec shows these as "not shown"). Bearer token on every call.
//   POST /api/excursion/user/order                       OrderCreateBody → OrderResponse (201)
//   GET  /api/excursion/user/order?page&per_page         → OrderListResponse (my orders, newest first)
//   GET  /api/excursion/user/order/{id}                  → OrderResponse (another customer's order: 404)
//   POST /api/excursion/user/order/{id}/cancel           → OrderResponse (refund_amount set by the /docs/vozvrat rule)
//   POST /api/excursion/partner/order/{id}/confirm       → OrderStateResponse (the excursion's partner only)
//   POST /api/excursion/partner/order/{id}/decline       → OrderStateResponse
//   POST /api/excursion/partner/order/{id}/cancel        → OrderStateResponse (full refund of a paid prepayment)
//   GET  /api/excursion/data/commission                  → CommissionResponse (public: the prepayment share)
// Paying (POST …/pay) is in ./payments, ticket QR codes in ./tickets.

/** awaiting_confirmation → awaiting_payment → confirmed → completed | no_show; or declined, expired, cancelled_by_*. */
export const OrderStatus = Type.Union([
  Type.Literal('awaiting_confirmation'),
  Type.Literal('awaiting_payment'),
  Type.Literal('confirmed'),
  Type.Literal('completed'),
  Type.Literal('declined'),
  Type.Literal('expired'),
  Type.Literal('cancelled_by_customer'),
  Type.Literal('cancelled_by_partner'),
  Type.Literal('no_show'),
]);
export type OrderStatus = Static<typeof OrderStatus>;

/** Who moved an order to a status. */
export const OrderActor = Type.Union([Type.Literal('client'), Type.Literal('partner'), Type.Literal('staff'), Type.Literal('system')]);
export type OrderActor = Static<typeof OrderActor>;

/** One step of an order's timeline. */
export const OrderHistoryEntry = Type.Object({
  status: OrderStatus,
  actor: OrderActor,
  /** The reason given for a decline or a cancellation. */
  reason: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

/** How many participants of one price unit (a code of the excursion's price_units). */
export const ParticipantInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 40 }),
  count: Type.Integer({ minimum: 0, maximum: 1000 }),
});
export type ParticipantInput = Static<typeof ParticipantInput>;

export const OrderCreateBody = Type.Object({
  excursion_id: RowId,
  event_id: RowId,
  participants: Type.Array(ParticipantInput, { minItems: 1, maxItems: 20 }),
  contact_name: Type.String({ minLength: 1, maxLength: 200 }),
  /** As typed (digits, spaces, brackets, hyphens, plus); validated with libphonenumber-js, stored as digits. */
  contact_phone: Type.String({ minLength: 1, maxLength: 25 }),
  comment: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type OrderCreateBody = Static<typeof OrderCreateBody>;

/** A priced order line: the unit's name and price as they were when ordering. */
export const OrderParticipant = Type.Object({
  code: Type.String(),
  name: Type.String(),
  price: Type.Integer(),
  count: Type.Integer(),
});
export type OrderParticipant = Static<typeof OrderParticipant>;

export const OrderExcursion = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  photo_url: Type.String(),
  city_slug: Type.String(),
  city_name: Type.String(),
  region_slug: Type.String(),
  /** IANA zone of the excursion's city: the order's event time is shown in it. */
  time_zone: Type.String(),
  meeting_point: Type.String(),
  duration_minutes: Type.Integer(),
  format: ExcursionFormat,
  price_type: PriceType,
  cancellation_terms: Type.String(),
});
export type OrderExcursion = Static<typeof OrderExcursion>;

export const OrderTicket = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  status: TicketStatus,
  /** Api path of the QR (JSON with a data URL; add `.svg`/`.png` after `qr` for the image). Needs the bearer token. */
  qr_url: Type.String(),
});
export type OrderTicket = Static<typeof OrderTicket>;

export const OrderPayment = Type.Object({
  id: Type.Integer(),
  status: PaymentStatus,
  amount: Type.Integer(),
  paid_at: Type.Union([Type.String(), Type.Null()]),
  /**
   * Where the provider sent the 54-ФЗ receipt of a paid prepayment (an e-mail, or a phone as «+7 999 000-00-01»);
   * null for the test provider and before the payment succeeded.
   */
  receipt_to: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type OrderPayment = Static<typeof OrderPayment>;

/** What cancelling now would do (refund rule of /docs/vozvrat: ≥24 h 100 %, 2–24 h 50 %, <2 h 0 %). */
export const OrderCancellation = Type.Object({
  allowed: Type.Boolean(),
  refund_percent: Type.Integer(),
  refund_amount: Type.Integer(),
});
export type OrderCancellation = Static<typeof OrderCancellation>;

/** One proposed slot: when (and as the city's clock says it), with the order's price there. */
export const ProposalSlot = Type.Object({
  event_id: Type.Integer(),
  starts_at: Type.String(),
  /** «5 декабря, 10:00» on the city's clock. */
  label: Type.String(),
  /** The order's total at that slot and the difference from now (+ more to pay the guide on site, − less). */
  total: Type.Integer(),
  difference: Type.Integer(),
});
export type ProposalSlot = Static<typeof ProposalSlot>;

export const ProposalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('refused'),
  Type.Literal('expired'),
  Type.Literal('withdrawn'),
]);
export type ProposalStatus = Static<typeof ProposalStatus>;

/** The guide's other times for an order: the customer takes one or refuses them all, until `expires_at`. */
export const OrderProposal = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  status: ProposalStatus,
  message: Type.String(),
  expires_at: Type.String(),
  created_at: Type.String(),
  slots: Type.Array(ProposalSlot),
});
export type OrderProposal = Static<typeof OrderProposal>;

/**
 * An excursion bookable at once instead of a request that waits (or was declined, or expired): the same city and day,
 * rating ≥ 4.5, similar tags first (issue 32 §3).
 */
export const OrderAlternative = Type.Object({
  excursion: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    photo_url: Type.String(),
    city_slug: Type.String(),
    region_slug: Type.String(),
    rating: Type.Number(),
  }),
  event_id: Type.Integer(),
  starts_at: Type.String(),
  seats_left: Type.Integer(),
  /** The order's total there (the same people). */
  total: Type.Integer(),
});
export type OrderAlternative = Static<typeof OrderAlternative>;

export const OrderDetail = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  created_at: Type.String(),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
  /** awaiting_payment: the seats are held until then. */
  payment_due_at: Type.Union([Type.String(), Type.Null()]),
  /** awaiting_confirmation: the partner answers by then. */
  respond_by: Type.Union([Type.String(), Type.Null()]),
  /** The order's statuses, oldest first. */
  history: Type.Array(OrderHistoryEntry),
  excursion: OrderExcursion,
  event: Type.Object({ id: Type.Integer(), starts_at: Type.String() }),
  guide: Type.Union([Type.Object({ slug: Type.String(), name: Type.String(), photo_url: Type.String() }), Type.Null()]),
  /**
   * The guide's phone for the day (the partner's «Телефон для путешественников»): only once the prepayment is paid
   * (confirmed or completed orders) and when the partner gave one. Never the partner's contacts for the service.
   */
  guide_contact: Type.Union([Type.Object({ phone: Type.String() }), Type.Null()]),
  participants: Type.Array(OrderParticipant),
  seats: Type.Integer(),
  contact_name: Type.String(),
  contact_phone: Type.String(),
  comment: Type.String(),
  /** Whole roubles: total = prepayment (the service commission, paid online) + rest (paid to the guide on site). */
  total: Type.Integer(),
  prepayment: Type.Integer(),
  rest: Type.Integer(),
  /** Set once cancelled: the part of the paid prepayment returned (0 when nothing was paid). */
  refund_amount: Type.Union([Type.Integer(), Type.Null()]),
  payment: Type.Union([OrderPayment, Type.Null()]),
  tickets: Type.Array(OrderTicket),
  cancellation: OrderCancellation,
  /** A move to another slot waiting for the partner's approval. */
  reschedule: Type.Union([
    Type.Object({ id: Type.Integer(), event_id: Type.Integer(), starts_at: Type.String(), total: Type.Integer(), created_at: Type.String() }),
    Type.Null(),
  ]),
  /** The guide's «Предложить другое время» waiting for the customer's choice (issue 32 §2); null: none. */
  proposal: Type.Union([OrderProposal, Type.Null()]),
  /** The order's slot is a group that gathers (issue 32 §1): how far it is (null: no minimum). */
  gathering: Type.Optional(Type.Union([GroupGathering, Type.Null()])),
  /**
   * An order the slot's group did not gather for (or ended otherwise): the nearest slots of the same excursion it
   * would fit on, to book again with one tap.
   */
  next_slots: Type.Optional(Type.Array(Type.Object({ event_id: Type.Integer(), starts_at: Type.String(), seats_left: Type.Integer() }))),
  /** A request waiting for the guide (or declined, or expired): up to three excursions bookable at once instead. */
  alternatives: Type.Optional(Type.Array(OrderAlternative)),
});
export type OrderDetail = Static<typeof OrderDetail>;

// The guide proposes other times (issue 32 §2):
//   GET  /api/excursion/partner/order/{id}/proposal/options          → ProposalOptionsResponse (slots the order fits)
//   POST /api/excursion/partner/order/{id}/proposal { event_ids, new_times, message } → PartnerOrderResponse
//   POST /api/excursion/user/order/{id}/proposal/accept { event_id }  → OrderResponse (moved; seats re-checked: 409)
//   POST /api/excursion/user/order/{id}/proposal/refuse               → OrderResponse (cancelled, refunded in full)
export const ProposalNewTime = Type.Object({
  date: Type.String({ format: 'date', maxLength: 10 }),
  time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 }),
});
export type ProposalNewTime = Static<typeof ProposalNewTime>;
export const ProposalBody = Type.Object({
  event_ids: Type.Optional(Type.Array(RowId, { maxItems: PROPOSAL_MAX_SLOTS })),
  /** New times on the city's clock: a slot is created for each (an existing one at that time is reused). */
  new_times: Type.Optional(Type.Array(ProposalNewTime, { maxItems: PROPOSAL_MAX_SLOTS })),
  message: Type.String({ maxLength: PROPOSAL_MESSAGE_MAX }),
});
export type ProposalBody = Static<typeof ProposalBody>;
//   POST /api/excursion/user/order/{id}/switch { event_id } → OrderResponse (the new order: booked at once, the request
//        withdrawn in the same transaction — nothing charged twice; 409 when the seats went meanwhile)
export const SwitchBody = Type.Object({ event_id: RowId });
export type SwitchBody = Static<typeof SwitchBody>;
export const ProposalAcceptBody = Type.Object({ event_id: RowId });
export type ProposalAcceptBody = Static<typeof ProposalAcceptBody>;
export const ProposalOptions = Type.Object({
  /** Why nothing can be proposed now (null: it can). */
  reason: Type.Union([Type.String(), Type.Null()]),
  slots: Type.Array(Type.Object({ event_id: Type.Integer(), starts_at: Type.String(), seats_left: Type.Integer() })),
});
export type ProposalOptions = Static<typeof ProposalOptions>;
export const ProposalOptionsResponse = envelope(ProposalOptions);
export type ProposalOptionsResponse = Static<typeof ProposalOptionsResponse>;

// Moving an order to another slot of the same excursion (the traveller; the partner approves on-request ones):
//   GET  /api/excursion/user/order/{id}/reschedule            → RescheduleOptionsResponse
//   POST /api/excursion/user/order/{id}/reschedule { event_id } → OrderResponse (moved, or a pending request)
//   POST /api/excursion/partner/order/{id}/reschedule/approve | decline → PartnerOrderResponse

export const RescheduleSlot = Type.Object({
  event_id: Type.Integer(),
  starts_at: Type.String(),
  seats_left: Type.Integer(),
  /** The order's total at that slot, and the difference from now (+ more to pay the guide on site, − less). */
  total: Type.Integer(),
  difference: Type.Integer(),
});
export type RescheduleSlot = Static<typeof RescheduleSlot>;

export const RescheduleOptions = Type.Object({
  allowed: Type.Boolean(),
  /** Why not, when not allowed. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The partner approves the move first (an on-request excursion already accepted). */
  needs_approval: Type.Boolean(),
  slots: Type.Array(RescheduleSlot),
});
export type RescheduleOptions = Static<typeof RescheduleOptions>;
export const RescheduleOptionsResponse = envelope(RescheduleOptions);
export type RescheduleOptionsResponse = Static<typeof RescheduleOptionsResponse>;
export const RescheduleBody = Type.Object({ event_id: RowId });
export type RescheduleBody = Static<typeof RescheduleBody>;
export const OrderResponse = envelope(OrderDetail);
export type OrderResponse = Static<typeof OrderResponse>;

export const OrderListItem = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  created_at: Type.String(),
  excursion: OrderExcursion,
  event: Type.Object({ id: Type.Integer(), starts_at: Type.String() }),
  seats: Type.Integer(),
  total: Type.Integer(),
  prepayment: Type.Integer(),
});
export type OrderListItem = Static<typeof OrderListItem>;
export const OrderListResponse = envelope(Paginated(OrderListItem));
export type OrderListResponse = Static<typeof OrderListResponse>;

export const OrderListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 20 })),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderIdParams = Type.Object({ id: RowId });
export type OrderIdParams = Static<typeof OrderIdParams>;

export const OrderState = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  refund_amount: Type.Union([Type.Integer(), Type.Null()]),
});
export type OrderState = Static<typeof OrderState>;
export const OrderStateResponse = envelope(OrderState);
export type OrderStateResponse = Static<typeof OrderStateResponse>;

/** GET /api/excursion/data/commission */
export const CommissionResponse = envelope(Type.Object({ service_commission: Type.Number() }));
export type CommissionResponse = Static<typeof CommissionResponse>;

/** `ORDER_GATHERING_EVENT` on the customer's private channel: the group of this order now (others joined or left). */
export const OrderGatheringPayload = Type.Object({ order_id: Type.Integer(), gathering: GroupGathering });
export type OrderGatheringPayload = Static<typeof OrderGatheringPayload>;
