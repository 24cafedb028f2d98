import type { OrderParticipant, ParticipantInput, PriceUnit } from '../contracts/index';

/** What pricing needs of an excursion (camelCase: the api's rows and the pages' answers both map to it). */
export interface PricedExcursion {
  priceType: 'per_person' | 'per_group';
  /** The base price: per person, or for the whole group. */
  price: number;
  priceUnits: readonly PriceUnit[];
  groupSizeMax: number;
}

export type Pricing =
  | { ok: true; participants: OrderParticipant[]; seats: number; total: number; prepayment: number }
  | { ok: false; errors: Record<string, string[]> };

/** The prepayment: the service commission share of the total, in whole roubles, never above the total. */
export function prepaymentOf(total: number, commissionPercent: number): number {
  return Math.min(total, Math.round((total * commissionPercent) / 100));
}

/** How an order's total splits: the prepayment is paid online now, the rest to the guide on site. */
export interface PaymentSplit {
  total: number;
  prepayment: number;
  rest: number;
}

export function splitPayment(total: number, commissionPercent: number): PaymentSplit {
  const prepayment = prepaymentOf(total, commissionPercent);
  return { total, prepayment, rest: total - prepayment };
}

/** The price lines an order is made of; an excursion without any gets one (adult, or the whole group). */
export function priceUnitsOf(excursion: PricedExcursion): PriceUnit[] {
  if (excursion.priceUnits.length > 0) return [...excursion.priceUnits];
  return excursion.priceType === 'per_group'
    ? [{ code: 'group', name: `Группа до ${excursion.groupSizeMax} человек`, price: excursion.price }]
    : [{ code: 'adult', name: 'Взрослый', price: excursion.price }];
}

/**
 * The price lines of one slot: a slot's price override replaces the base price, and every other line moves in
 * proportion (a child ticket of 900 at a base of 1500 becomes 1080 at an override of 1800), in whole roubles.
 */
export function slotPriceUnits(excursion: PricedExcursion, priceOverride: number | null): PriceUnit[] {
  const units = priceUnitsOf(excursion);
  if (priceOverride === null || priceOverride === excursion.price) return units;
  return units.map((unit) => ({
    ...unit,
    price:
      unit.price === excursion.price || excursion.price === 0
        ? priceOverride
        : Math.round((unit.price * priceOverride) / excursion.price),
  }));
}

/** The total of chosen participants: per person Σ unit price × count; per group the slot's group price. */
export function totalOf(excursion: PricedExcursion, priceOverride: number | null, participants: readonly OrderParticipant[]): number {
  if (excursion.priceType === 'per_group') return participants.some((p) => p.count > 0) ? (priceOverride ?? excursion.price) : 0;
  return participants.reduce((sum, p) => sum + p.price * p.count, 0);
}

/**
 * Prices an order: participants by the slot's price units; per person = Σ unit price × count, per group = the group
 * price (the count is the number of people, at most the group size). The api decides with it; the order form
 * shows the same figures before sending.
 */
export function priceOrder(
  excursion: PricedExcursion,
  priceOverride: number | null,
  input: readonly ParticipantInput[],
  commissionPercent: number,
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
  const total = totalOf(excursion, priceOverride, participants);
  return { ok: true, participants, seats, total, prepayment: prepaymentOf(total, commissionPercent) };
}
