import type { OrderStatus } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Refund rule of /docs/vozvrat when the customer cancels: the prepayment is returned in full at 24 hours or more
 * before the start, half of it from 2 up to 24 hours, nothing within the last 2 hours (or after the start).
 */
export function customerRefundPercent(startsAt: Date, now: Date): 0 | 50 | 100 {
  const left = startsAt.getTime() - now.getTime();
  if (left >= 24 * HOUR_MS) return 100;
  if (left >= 2 * HOUR_MS) return 50;
  return 0;
}

/** The part of `paid` returned at `percent`, in whole roubles. */
export const refundOf = (paid: number, percent: number) => Math.round((paid * percent) / 100);

/** Orders a customer may still cancel. */
export const CANCELLABLE: readonly OrderStatus[] = ['awaiting_confirmation', 'awaiting_payment', 'confirmed'];

export function cancellation(
  status: OrderStatus,
  startsAt: Date,
  paid: number,
  now: Date,
): { allowed: boolean; refund_percent: number; refund_amount: number } {
  const allowed = CANCELLABLE.includes(status) && startsAt.getTime() > now.getTime();
  const percent = allowed ? customerRefundPercent(startsAt, now) : 0;
  return { allowed, refund_percent: percent, refund_amount: refundOf(paid, percent) };
}
