import { prepaymentOf, priceOrder, priceUnitsOf, slotPriceUnits, splitPayment, totalOf, type PricedExcursion } from './pricing';

const perPerson: PricedExcursion = {
  priceType: 'per_person',
  price: 1500,
  priceUnits: [
    { code: 'adult', name: 'Взрослый', price: 1500 },
    { code: 'child', name: 'Детский', price: 900 },
  ],
  groupSizeMax: 10,
};
const perGroup: PricedExcursion = { priceType: 'per_group', price: 12000, priceUnits: [], groupSizeMax: 6 };

describe('pricing', () => {
  it('rounds the prepayment to whole roubles and never above the total', () => {
    expect(prepaymentOf(3333, 15)).toBe(500);
    expect(prepaymentOf(100, 150)).toBe(100);
    expect(splitPayment(3900, 15)).toEqual({ total: 3900, prepayment: 585, rest: 3315 });
  });

  it('gives an excursion without price lines one line', () => {
    expect(priceUnitsOf(perGroup)).toEqual([{ code: 'group', name: 'Группа до 6 человек', price: 12000 }]);
    expect(priceUnitsOf({ ...perPerson, priceUnits: [] })).toEqual([{ code: 'adult', name: 'Взрослый', price: 1500 }]);
  });

  it('moves every line of a slot in proportion to its price override', () => {
    expect(slotPriceUnits(perPerson, 1800).map((u) => u.price)).toEqual([1800, 1080]);
    expect(slotPriceUnits(perPerson, null)).toEqual(perPerson.priceUnits);
  });

  it('prices per person and per group', () => {
    const order = priceOrder(perPerson, null, [{ code: 'adult', count: 2 }, { code: 'child', count: 1 }], 15);
    expect(order).toEqual({
      ok: true,
      participants: [
        { code: 'adult', name: 'Взрослый', price: 1500, count: 2 },
        { code: 'child', name: 'Детский', price: 900, count: 1 },
      ],
      seats: 3,
      total: 3900,
      prepayment: 585,
    });
    const group = priceOrder(perGroup, 15000, [{ code: 'group', count: 4 }], 10);
    expect(group.ok && [group.total, group.prepayment]).toEqual([15000, 1500]);
    expect(totalOf(perGroup, null, [])).toBe(0);
  });

  it('refuses unknown and repeated lines, no one, and more than the group size', () => {
    expect(priceOrder(perPerson, null, [{ code: 'vip', count: 1 }], 15)).toEqual({
      ok: false,
      errors: { 'participants.0.code': ['Такой категории участников у экскурсии нет.'] },
    });
    expect(priceOrder(perPerson, null, [{ code: 'adult', count: 1 }, { code: 'adult', count: 1 }], 15).ok).toBe(false);
    expect(priceOrder(perPerson, null, [{ code: 'adult', count: 0 }], 15)).toEqual({
      ok: false,
      errors: { participants: ['Укажите хотя бы одного участника.'] },
    });
    expect(priceOrder(perGroup, null, [{ code: 'group', count: 7 }], 15)).toEqual({
      ok: false,
      errors: { participants: ['В одном заказе не больше 6 участников.'] },
    });
  });
});
