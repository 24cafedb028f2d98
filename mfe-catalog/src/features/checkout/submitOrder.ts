import type { OrderCreateBody } from '@excursio/shared';
import { checkoutApi } from '../../api/checkout';

export type SubmitResult = { kind: 'pay'; url: string } | { kind: 'order'; orderId: number };

/**
 * Creates the order; an instant booking goes straight to paying the prepayment (the provider's page),
 * anything else (or a payment that could not start) to the order page.
 */
export async function submitOrder(body: OrderCreateBody, idempotencyKey: string): Promise<SubmitResult> {
  const order = (await checkoutApi.createOrder(body, idempotencyKey)).data;
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

/** A random key per order attempt (letters, digits and hyphens, as the api's Idempotency-Key allows). */
export function newAttemptKey(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return `order-${random}`;
}

/**
 * One key per order as the visitor filled it in: pressing «Оформить» again after a lost answer (or a double click)
 * sends the same key, so the server answers the order it made; a changed form is a new attempt with a new key.
 */
export function createAttemptKeys(): (body: OrderCreateBody) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const json = JSON.stringify(body);
    if (last?.body !== json) last = { body: json, key: newAttemptKey() };
    return last.key;
  };
}
