import type { PriceUnit } from '@excursio/shared/contracts';

interface Priced {
  priceType: 'per_person' | 'per_group';
  price: number;
  priceUnits: PriceUnit[];
  groupSizeMax: number;
}

/** The price lines an order is made of; an excursion without any gets one (adult, or the whole group). */
export function priceUnitsOf(excursion: Priced): PriceUnit[] {
  if (excursion.priceUnits.length > 0) return excursion.priceUnits;
  return excursion.priceType === 'per_group'
    ? [{ code: 'group', name: `Группа до ${excursion.groupSizeMax} человек`, price: excursion.price }]
    : [{ code: 'adult', name: 'Взрослый', price: excursion.price }];
}

/**
 * The price lines of one slot: a slot's price override replaces the base price, and every other line moves in
 * proportion (a child ticket of 900 at a base of 1500 becomes 1080 at an override of 1800), in whole roubles.
 */
export function slotPriceUnits(excursion: Priced, priceOverride: number | null): PriceUnit[] {
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
