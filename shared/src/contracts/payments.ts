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
