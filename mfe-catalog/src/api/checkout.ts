import { http } from '@excursio/shared';
import type { OrderCreateBody, OrderResponse, PaymentStartResponse } from '@excursio/shared';
import { USER } from './paths';

/** Placing an order and starting to pay its prepayment. */
export const checkoutApi = {
  createOrder: (body: OrderCreateBody) => http.request<OrderResponse>('POST', `${USER}/order`, { body }),
  /** Send the visitor to `data.confirmation_url`. */
  payOrder: (orderId: number) => http.request<PaymentStartResponse>('POST', `${USER}/order/${orderId}/pay`),
};
