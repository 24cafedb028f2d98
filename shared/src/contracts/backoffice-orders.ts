import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';
import { OrderHistoryEntry, OrderParticipant, OrderStatus } from './orders';
import { PaymentStatus } from './payments';
import { TicketStatus } from './tickets';
import { PageQuery, StaffPerson } from './backoffice';

// Back office: orders and refunds (see ./backoffice.ts for the rules every staff call keeps).
//   GET  /api/staff/orders?q&status&page                     → StaffOrderListResponse (newest first)
//        q: an order number («42», «№42»), a phone (its digits), a name (customer's or contact's), an excursion's
//        title or a partner's name
//   GET  /api/staff/orders/{id}                              → StaffOrderResponse
//   GET  /api/staff/orders/{id}/chat                         → StaffOrderChatResponse (read-only; the opening is audited)
//   POST /api/staff/orders/{id}/cancel { reason, refund_amount }  → StaffOrderResponse
//        cancels (status cancelled_by_partner, actor staff) and refunds refund_amount (0…refundable) of the paid
//        prepayment; above the limit a staff member's refund waits for an admin (refund status 'pending')
//   POST /api/staff/orders/{id}/refund { amount, reason }   → StaffOrderResponse (a refund without cancelling)
//   POST /api/staff/orders/{id}/resend-tickets               → StaffOrderResponse (confirmed/completed orders)
//   POST /api/staff/orders/{id}/extend-hold { minutes }      → StaffOrderResponse (awaiting_payment orders)
//   GET  /api/staff/refunds?status                           → StaffRefundListResponse (pending by default)
//   POST /api/staff/refunds/{id}/approve                     → StaffOrderResponse (admin only)
//   POST /api/staff/refunds/{id}/reject { reason }           → StaffOrderResponse (admin only)
// The customer is told (a notification with data.order_id, so their open order page reloads live).

export const StaffOrderListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(OrderStatus),
  ...PageQuery,
});
export type StaffOrderListQuery = Static<typeof StaffOrderListQuery>;

export const StaffOrderListItem = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  created_at: Type.String(),
  starts_at: Type.String(),
  time_zone: Type.String(),
  excursion: Type.Object({ id: Type.Integer(), title: Type.String() }),
  customer: StaffPerson,
  partner: StaffPerson,
  contact_name: Type.String(),
  contact_phone: Type.String(),
  seats: Type.Integer(),
  total: Type.Integer(),
  prepayment: Type.Integer(),
  /** What was paid online and not refunded. */
  paid: Type.Integer(),
});
export type StaffOrderListItem = Static<typeof StaffOrderListItem>;
export const StaffOrderListResponse = envelope(Paginated(StaffOrderListItem));
export type StaffOrderListResponse = Static<typeof StaffOrderListResponse>;

export const StaffPayment = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  /** The payment's id at the provider. */
  external_id: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Integer(),
  status: PaymentStatus,
  created_at: Type.String(),
  paid_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffPayment = Static<typeof StaffPayment>;

export const RefundStatus = Type.Union([
  /** Waiting for an admin (above the limit). */
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('rejected'),
]);
export type RefundStatus = Static<typeof RefundStatus>;

export const StaffRefund = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  payment_id: Type.Union([Type.Integer(), Type.Null()]),
  provider: Type.String(),
  /** The refund's id at the provider (null until it went through). */
  external_id: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Integer(),
  status: RefundStatus,
  reason: Type.String(),
  requested_by: Type.Union([StaffPerson, Type.Null()]),
  decided_by: Type.Union([StaffPerson, Type.Null()]),
  created_at: Type.String(),
  decided_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffRefund = Static<typeof StaffRefund>;

export const StaffOrderTicket = Type.Object({ id: Type.Integer(), code: Type.String(), status: TicketStatus });
export const StaffOrderSupportTicket = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
});

export const StaffOrder = Type.Object({
  ...StaffOrderListItem.properties,
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() }),
  partner: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() }),
  comment: Type.String(),
  participants: Type.Array(OrderParticipant),
  refund_amount: Type.Union([Type.Integer(), Type.Null()]),
  /** awaiting_payment: the seats are held until then. */
  payment_due_at: Type.Union([Type.String(), Type.Null()]),
  payments: Type.Array(StaffPayment),
  refunds: Type.Array(StaffRefund),
  history: Type.Array(OrderHistoryEntry),
  /** The excursion tickets (QR codes) of a paid order. */
  tickets: Type.Array(StaffOrderTicket),
  /** Support tickets about this order. */
  support_tickets: Type.Array(StaffOrderSupportTicket),
  /** Paid and not yet refunded or waiting to be (the most a new refund can be). */
  refundable: Type.Integer(),
  chat_messages_count: Type.Integer(),
  /** What the staff member may do now. */
  actions: Type.Object({
    cancel: Type.Boolean(),
    refund: Type.Boolean(),
    resend_tickets: Type.Boolean(),
    extend_hold: Type.Boolean(),
  }),
});
export type StaffOrder = Static<typeof StaffOrder>;
export const StaffOrderResponse = envelope(StaffOrder);
export type StaffOrderResponse = Static<typeof StaffOrderResponse>;
export const StaffOrderParams = Type.Object({ id: RowId });

export const StaffChatMessage = Type.Object({
  id: Type.Integer(),
  sender: Type.Union([Type.Literal('client'), Type.Literal('partner')]),
  sender_name: Type.String(),
  /** As stored (staff see it unmasked). */
  text: Type.String(),
  created_at: Type.String(),
});
export type StaffChatMessage = Static<typeof StaffChatMessage>;
export const StaffOrderChatResponse = envelope(Type.Object({ order_id: Type.Integer(), messages: Type.Array(StaffChatMessage) }));
export type StaffOrderChatResponse = Static<typeof StaffOrderChatResponse>;

export const StaffCancelBody = Type.Object({
  reason: Type.String({ maxLength: 1000 }),
  /** Whole roubles to return, 0…refundable (refundable = a full refund). */
  refund_amount: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
});
export type StaffCancelBody = Static<typeof StaffCancelBody>;
export const StaffRefundBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  reason: Type.String({ maxLength: 1000 }),
});
export type StaffRefundBody = Static<typeof StaffRefundBody>;
export const StaffExtendHoldBody = Type.Object({
  /** Minutes added to the hold (counted from now when it has already lapsed), 5…1440. */
  minutes: Type.Integer({ minimum: 5, maximum: 1440 }),
});
export type StaffExtendHoldBody = Static<typeof StaffExtendHoldBody>;
export const StaffReasonBody = Type.Object({ reason: Type.String({ maxLength: 1000 }) });
export type StaffReasonBody = Static<typeof StaffReasonBody>;

export const StaffRefundListQuery = Type.Object({ status: Type.Optional(RefundStatus), ...PageQuery });
export type StaffRefundListQuery = Static<typeof StaffRefundListQuery>;
export const StaffRefundListResponse = envelope(Paginated(StaffRefund));
export type StaffRefundListResponse = Static<typeof StaffRefundListResponse>;
export const StaffRefundParams = Type.Object({ id: RowId });
