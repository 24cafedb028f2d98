import type { OrderCreateBody } from '@excursio/shared';
import { checkoutApi } from '../../api/checkout';

export type SubmitResult = { kind: 'pay'; url: string } | { kind: 'order'; orderId: number };

/**
 * Creates the order; an instant booking goes straight to paying the prepayment (the provider's page),
 * anything else (or a payment that could not start) to the order page.
 */
export async function submitOrder(body: OrderCreateBody): Promise<SubmitResult> {
  const order = (await checkoutApi.createOrder(body)).data;
  if (order.status === 'awaiting_payment') {
    try {
      const payment = (await checkoutApi.payOrder(order.id)).data;
      return { kind: 'pay', url: payment.confirmation_url };
    } catch {
      return { kind: 'order', orderId: order.id };
    }
  }
  return { kind: 'order', orderId: order.id };
}

/** Leaving the app for the payment page (a seam for tests). */
export const leaveFor = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
