import Type, { type Static } from 'typebox';
import { envelope, RowId } from './common';
import { OrderDetail, OrderStatus } from './orders';
import { DECLINE_REASONS, CANCEL_REASONS } from './values';

// The partner's orders (designed: the spec shows these calls as "not shown"). Partner token on every call.
//   GET  /api/excursion/partner/orders?status&excursion_id&date_from&date_to&q&page&per_page → PartnerOrderListResponse
//        requests awaiting an answer first (earliest deadline first), then by the slot's start, latest first
//   GET  /api/excursion/partner/orders/{id}                → PartnerOrderResponse (another partner's order: 404)
//   POST /api/excursion/partner/order/{id}/confirm         → OrderStateResponse (409 when the seats are gone)
//   POST /api/excursion/partner/order/{id}/decline         PartnerDecisionBody (reason required) → OrderStateResponse
//   POST /api/excursion/partner/order/{id}/cancel          PartnerDecisionBody (reason required) → OrderStateResponse
//   POST /api/excursion/partner/order/{id}/no-show         → OrderStateResponse

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

const literals = (keys: readonly string[]) => Type.Union(keys.map((k) => Type.Literal(k)));

export const PartnerDecisionBody = Type.Object({
  /** A code of DECLINE_REASONS (decline) or CANCEL_REASONS (cancel); `other` needs a comment. */
  reason: Type.Optional(literals([...new Set([...Object.keys(DECLINE_REASONS), ...Object.keys(CANCEL_REASONS)])])),
  comment: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PartnerDecisionBody = Static<typeof PartnerDecisionBody>;

export const PartnerOrderListQuery = Type.Object({
  status: Type.Optional(OrderStatus),
  excursion_id: Type.Optional(RowId),
  /** The slot's day, on the excursion city's clock. */
  date_from: Type.Optional(DateString),
  date_to: Type.Optional(DateString),
  /** The customer's name, or the order number. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type PartnerOrderListQuery = Static<typeof PartnerOrderListQuery>;

export const PartnerOrderListItem = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  created_at: Type.String(),
  respond_by: Type.Union([Type.String(), Type.Null()]),
  payment_due_at: Type.Union([Type.String(), Type.Null()]),
  excursion: Type.Object({ id: Type.Integer(), title: Type.String(), time_zone: Type.String() }),
  event: Type.Object({ id: Type.Integer(), starts_at: Type.String() }),
  customer_name: Type.String(),
  seats: Type.Integer(),
  total: Type.Integer(),
  prepayment: Type.Integer(),
});
export type PartnerOrderListItem = Static<typeof PartnerOrderListItem>;

export const PartnerOrderList = Type.Object({
  data: Type.Array(PartnerOrderListItem),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  /** Requests awaiting an answer, whatever the filters. */
  awaiting_answer: Type.Integer(),
  /** The partner's excursions, for the filter. */
  excursions: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type PartnerOrderList = Static<typeof PartnerOrderList>;
export const PartnerOrderListResponse = envelope(PartnerOrderList);
export type PartnerOrderListResponse = Static<typeof PartnerOrderListResponse>;

/** The customer's order as its partner sees it: the phone masked until the prepayment is paid. */
export const PartnerOrderDetail = Type.Object({
  ...OrderDetail.properties,
  /** True while the prepayment is unpaid: `contact_phone` is masked (+7 999 ***-**-01). */
  contact_hidden: Type.Boolean(),
});
export type PartnerOrderDetail = Static<typeof PartnerOrderDetail>;
export const PartnerOrderResponse = envelope(PartnerOrderDetail);
export type PartnerOrderResponse = Static<typeof PartnerOrderResponse>;
