/** How an order's total splits: the service commission is paid online now, the rest to the guide on site. */
export interface PaymentSplit {
  total: number;
  prepayment: number;
  rest: number;
}

/** Whole roubles, rounded as the api rounds the prepayment (orders/pricing.ts: Math.round). */
export function splitPayment(total: number, commissionPercent: number): PaymentSplit {
  const prepayment = Math.min(total, Math.round((total * commissionPercent) / 100));
  return { total, prepayment, rest: total - prepayment };
}
