import type { ReceiptInput } from '../provider';

/** A 54-ФЗ receipt item as ЮKassa takes it (API v3, receipt.items[]). */
export interface YookassaReceiptItem {
  description: string;
  quantity: string;
  amount: { value: string; currency: 'RUB' };
  vat_code: number;
  payment_subject: 'service';
  payment_mode: 'full_prepayment' | 'prepayment';
}

export interface YookassaReceipt {
  customer: { email: string } | { phone: string };
  items: YookassaReceiptItem[];
}

/** Kopecks as ЮKassa's decimal string: 58500 → "585.00". */
export const money = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

const customerOf = (to: string): YookassaReceipt['customer'] => (to.includes('@') ? { email: to } : { phone: to });

/**
 * The receipt of a prepayment: one item per participant kind, the paid amount shared out in proportion to each kind's
 * part of the order total (the last kind takes the rounding, so the items add up to the payment to the kopeck).
 * An item's quantity is its participants when its share divides evenly among them, else 1 with «× N» in the text.
 * `full_prepayment` when the whole price is paid in advance, `prepayment` (partial) otherwise.
 */
export function prepaymentReceipt(receipt: ReceiptInput, amountRoubles: number, vatCode: number): YookassaReceipt {
  const paid = amountRoubles * 100;
  const mode: YookassaReceiptItem['payment_mode'] = amountRoubles >= receipt.total ? 'full_prepayment' : 'prepayment';
  const lines = receipt.participants.filter((p) => p.count > 0);
  const weight = lines.reduce((sum, p) => sum + p.price * p.count, 0);
  let left = paid;
  const items = lines.map((line, index) => {
    const share = index === lines.length - 1 ? left : weight > 0 ? Math.round((paid * line.price * line.count) / weight) : 0;
    left -= share;
    const even = share % line.count === 0;
    const name = `Предоплата экскурсии «${receipt.title}»: ${line.name}${even ? '' : ` × ${line.count}`}`;
    return {
      description: name.length > 128 ? `${name.slice(0, 127)}…` : name,
      quantity: String(even ? line.count : 1),
      amount: { value: money(even ? share / line.count : share), currency: 'RUB' as const },
      vat_code: vatCode,
      payment_subject: 'service' as const,
      payment_mode: mode,
    };
  });
  return { customer: customerOf(receipt.to), items };
}

/** The receipt of a refund: one item, the refunded part of the prepayment. */
export function refundReceipt(to: string, orderId: number, amountRoubles: number, vatCode: number): YookassaReceipt {
  return {
    customer: customerOf(to),
    items: [
      {
        description: `Возврат предоплаты заказа №${orderId}`,
        quantity: '1',
        amount: { value: money(amountRoubles * 100), currency: 'RUB' },
        vat_code: vatCode,
        payment_subject: 'service',
        payment_mode: 'prepayment',
      },
    ],
  };
}
