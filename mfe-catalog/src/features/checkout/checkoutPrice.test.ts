import { excursionDetail, excursionEvent } from '../../testing/fixtures';
import { priceOf } from './checkoutPrice';

const event = excursionEvent({ id: 1, starts_at: '2026-05-01T08:00:00Z', seats_left: 3, capacity: 10 });

describe('checkout price', () => {
  it('prices per person by the event’s units', () => {
    const excursion = excursionDetail();
    const weekend = { ...event, price_units: [{ code: 'adult', name: 'Взрослый', price: 3000 }, { code: 'child', name: 'Детский', price: 1800 }] };
    expect(priceOf(excursion, weekend, { adult: 2, child: 1 })).toEqual({
      lines: [
        { label: 'Взрослый × 2', amount: 6000 },
        { label: 'Детский × 1', amount: 1800 },
      ],
      total: 7800,
    });
    expect(priceOf(excursion, weekend, { adult: 0, child: 0 }).total).toBe(0);
  });

  it('prices a group once, whatever the number of people', () => {
    const excursion = excursionDetail({ price_type: 'per_group', price: 9000, price_units: [{ code: 'group', name: 'Группа до 6 человек', price: 9000 }] });
    const slot = { ...event, price: 9000, price_units: [{ code: 'group', name: 'Группа до 6 человек', price: 9000 }] };
    expect(priceOf(excursion, slot, { group: 4 })).toEqual({ lines: [{ label: 'Группа до 6 человек, 4 чел.', amount: 9000 }], total: 9000 });
  });
});
