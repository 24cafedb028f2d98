import type { OrderParticipant, ParticipantInput, PriceUnit } from '@excursio/shared/contracts';
import { slotPriceUnits } from '../catalog/price-units';

export interface PricedExcursion {
  priceType: 'per_person' | 'per_group';
  price: number;
  priceUnits: PriceUnit[];
  groupSizeMax: number;
}

export type Pricing =
  | { ok: true; participants: OrderParticipant[]; seats: number; total: number; prepayment: number }
  | { ok: false; errors: Record<string, string[]> };

/** The prepayment: the service commission share of the total, in whole roubles. */
export const prepaymentOf = (total: number, commission: number) => Math.round((total * commission) / 100);

/**
 * Prices an order on the server: participants by the slot's price units; per person = Σ unit price × count,
 * per group = the group price (the count is the number of people, at most the group size).
 */
export function priceOrder(
  excursion: PricedExcursion,
  priceOverride: number | null,
  input: readonly ParticipantInput[],
  commission: number,
): Pricing {
  const units = slotPriceUnits(excursion, priceOverride);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const participants: OrderParticipant[] = [];
  input.forEach((line, i) => {
    const unit = units.find((u) => u.code === line.code);
    if (!unit) {
      errors[`participants.${i}.code`] = ['Такой категории участников у экскурсии нет.'];
      return;
    }
    if (seen.has(line.code)) {
      errors[`participants.${i}.code`] = ['Категория участников указана дважды.'];
      return;
    }
    seen.add(line.code);
    if (line.count > 0) participants.push({ code: unit.code, name: unit.name, price: unit.price, count: line.count });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const seats = participants.reduce((sum, p) => sum + p.count, 0);
  if (seats < 1) return { ok: false, errors: { participants: ['Укажите хотя бы одного участника.'] } };
  if (seats > excursion.groupSizeMax) {
    return { ok: false, errors: { participants: [`В одном заказе не больше ${excursion.groupSizeMax} участников.`] } };
  }
  const total =
    excursion.priceType === 'per_group'
      ? (priceOverride ?? excursion.price)
      : participants.reduce((sum, p) => sum + p.price * p.count, 0);
  return { ok: true, participants, seats, total, prepayment: prepaymentOf(total, commission) };
}
