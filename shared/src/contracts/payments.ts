import Type, { type Static } from 'typebox';
import { envelope } from './common';

// Paying an order's prepayment (bearer token):
//   POST /api/excursion/user/order/{id}/pay              → PaymentStartResponse {payment_id, confirmation_url}
// Test payment provider (the page a customer is sent to; like real providers' test modes):
//   GET  /api/payments/test/{payment_id}                 → HTML «Тестовая оплата»
//   POST /api/payments/test/{payment_id}/confirm|decline → 303 to /account/user/{order_id}

export const PaymentStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('refunded'),
]);
export type PaymentStatus = Static<typeof PaymentStatus>;

export const PaymentStart = Type.Object({
  payment_id: Type.String(),
  /** Where to send the customer (the provider's page; for the test provider an api-served page). */
  confirmation_url: Type.String(),
});
export type PaymentStart = Static<typeof PaymentStart>;
export const PaymentStartResponse = envelope(PaymentStart);
export type PaymentStartResponse = Static<typeof PaymentStartResponse>;

// Staff: the outbox of messages and refunds (GET /api/staff/outbox, POST /api/staff/outbox/{id}/retry).
export const OutboxState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('expired'),
]);
export type OutboxState = Static<typeof OutboxState>;

/** One outbox row as staff see it: never its payload (a sign-in code, a letter's text). */
export const StaffOutboxEntry = Type.Object({
  id: Type.Integer(),
  /** email | call | sms | refund */
  kind: Type.String(),
  recipient: Type.String(),
  state: OutboxState,
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  /** pending: when the next attempt is due. */
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  sent_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffOutboxEntry = Static<typeof StaffOutboxEntry>;

export const StaffOutboxQuery = Type.Object({
  state: Type.Optional(OutboxState),
  kind: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('call'), Type.Literal('sms'), Type.Literal('refund')])),
  /** Rows older than this id (paging backwards from the newest). */
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type StaffOutboxQuery = Static<typeof StaffOutboxQuery>;

export const StaffOutboxResponse = envelope(
  Type.Object({
    entries: Type.Array(StaffOutboxEntry),
    /** Rows per state over the whole table. */
    counts: Type.Record(Type.String(), Type.Integer()),
  }),
);
export type StaffOutboxResponse = Static<typeof StaffOutboxResponse>;
