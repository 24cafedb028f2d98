import { formatPrice } from './ru';

/**
 * What a proposed time costs, said the same in the chat and on the order page (issue 32 §2): «стоимость та же» or
 * «стоимость 4 500 ₽ (+600 ₽)».
 */
export function proposalPriceText(slot: { total: number; difference: number }): string {
  if (slot.difference === 0) return 'стоимость та же';
  const sign = slot.difference > 0 ? '+' : '−';
  return `стоимость ${formatPrice(slot.total)} (${sign}${formatPrice(Math.abs(slot.difference))})`;
}
