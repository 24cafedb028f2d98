import { formatPrice } from '@excursio/shared';

/** A price as toHaveTextContent sees it (it folds the non-breaking spaces of Intl into plain ones). */
export function priceText(amount: number): string {
  return formatPrice(amount).replace(/\s/g, ' ');
}
