import { http } from '@excursio/shared';
import type { OrderCreateBody, OrderResponse, PaymentStartResponse } from '@excursio/shared';
import { USER } from './paths';

/** Placing an order and starting to pay its prepayment. */
export const checkoutApi = {
  /** `idempotencyKey`: the same key for a retry of the same order, so the server never makes a second one. */
  createOrder: (body: OrderCreateBody, idempotencyKey: string) =>
    http.request<OrderResponse>('POST', `${USER}/order`, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** Send the visitor to `data.confirmation_url`. */
  payOrder: (orderId: number) => http.request<PaymentStartResponse>('POST', `${USER}/order/${orderId}/pay`),
};
