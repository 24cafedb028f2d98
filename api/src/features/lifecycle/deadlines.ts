import type { OrdersConfig } from '../../config';

const MINUTE_MS = 60_000;

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** Until when an order awaiting payment holds its seats: the hold (ORDER_PAYMENT_HOLD_MIN), never past the start. */
export function paymentDeadline(now: Date, startsAt: Date, config: Pick<OrdersConfig, 'paymentHoldMin'>): Date {
  return earliest(new Date(now.getTime() + config.paymentHoldMin * MINUTE_MS), startsAt);
}

/**
 * Until when the partner may answer a request: ORDER_REQUEST_ANSWER_H after it was placed, or the slot's booking
 * cut-off (its start minus `cutoffMinutes`) if that comes sooner.
 */
export function requestDeadline(
  createdAt: Date,
  startsAt: Date,
  cutoffMinutes: number,
  config: Pick<OrdersConfig, 'requestAnswerH'>,
): Date {
  const answer = new Date(createdAt.getTime() + config.requestAnswerH * 60 * MINUTE_MS);
  return earliest(answer, new Date(startsAt.getTime() - cutoffMinutes * MINUTE_MS));
}

/** The middle of a request's answer time: the partner gets a reminder then. */
export const requestHalfTime = (createdAt: Date, respondBy: Date) =>
  new Date(createdAt.getTime() + (respondBy.getTime() - createdAt.getTime()) / 2);
