import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anyZoneDay } from '../src/features/excursions/list';
import { prepaymentOf, priceOrder, slotPriceUnits } from '@excursio/shared/pricing';
import { cancellation, customerRefundPercent } from '../src/features/orders/refund';
import { ticketCode } from '../src/features/tickets/issue';

const HOUR = 60 * 60 * 1000;
const now = new Date('2030-06-01T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('refund rule of /docs/vozvrat', () => {
  it('returns 100 % from 24 h before the start, 50 % from 2 h, nothing later', () => {
    assert.equal(customerRefundPercent(at(72 * HOUR), now), 100);
    assert.equal(customerRefundPercent(at(24 * HOUR), now), 100);
    assert.equal(customerRefundPercent(at(24 * HOUR - 1), now), 50);
    assert.equal(customerRefundPercent(at(2 * HOUR), now), 50);
    assert.equal(customerRefundPercent(at(2 * HOUR - 1), now), 0);
    assert.equal(customerRefundPercent(at(-HOUR), now), 0);
  });

  it('previews the cancellation of an order', () => {
    assert.deepEqual(cancellation('confirmed', at(10 * HOUR), 900, now), { allowed: true, refund_percent: 50, refund_amount: 450 });
    assert.deepEqual(cancellation('awaiting_payment', at(30 * HOUR), 0, now), { allowed: true, refund_percent: 100, refund_amount: 0 });
    assert.deepEqual(cancellation('completed', at(30 * HOUR), 900, now), { allowed: false, refund_percent: 0, refund_amount: 0 });
    assert.deepEqual(cancellation('confirmed', at(-1), 900, now), { allowed: false, refund_percent: 0, refund_amount: 0 });
  });
});

// The rules live in @excursio/shared/pricing (tested there too); these pin what the order api decides with.
describe('order pricing', () => {
  const perPerson = {
    priceType: 'per_person' as const,
    price: 1500,
    priceUnits: [
      { code: 'adult', name: 'Взрослый', price: 1500 },
      { code: 'child', name: 'Детский', price: 900 },
    ],
    groupSizeMax: 10,
  };

  it('sums unit prices and takes the commission as prepayment', () => {
    const priced = priceOrder(perPerson, null, [{ code: 'adult', count: 2 }, { code: 'child', count: 1 }], 15);
    assert.ok(priced.ok);
    assert.equal(priced.total, 3900);
    assert.equal(priced.prepayment, 585);
    assert.equal(priced.seats, 3);
    assert.equal(prepaymentOf(1999, 15), 300); // 299.85 rounds to whole roubles
    assert.equal(prepaymentOf(1000, 0), 0);
  });

  it('drops zero lines; a group price ignores the head count', () => {
    const priced = priceOrder(perPerson, null, [{ code: 'adult', count: 1 }, { code: 'child', count: 0 }], 15);
    assert.ok(priced.ok && priced.participants.length === 1);
    const group = priceOrder({ ...perPerson, priceType: 'per_group', price: 9000, priceUnits: [] }, 9900, [{ code: 'group', count: 4 }], 10);
    assert.ok(group.ok);
    assert.equal(group.total, 9900);
    assert.equal(group.prepayment, 990);
  });

  it('scales the other price lines with a slot price override', () => {
    assert.deepEqual(slotPriceUnits(perPerson, 1800).map((u) => u.price), [1800, 1080]);
    assert.deepEqual(slotPriceUnits(perPerson, null).map((u) => u.price), [1500, 900]);
  });
});

describe('catalog helpers', () => {
  it('reads a date as that day on any clock (UTC+14 … UTC−12) and rejects impossible ones', () => {
    const day = anyZoneDay('2030-01-15');
    assert.deepEqual(day?.map((d) => d.toISOString()), ['2030-01-14T10:00:00.000Z', '2030-01-16T12:00:00.000Z']);
    assert.equal(anyZoneDay('2030-02-30'), null);
  });

  it('draws ticket codes of 10 characters A–Z 0–9', () => {
    const codes = new Set(Array.from({ length: 200 }, ticketCode));
    assert.equal(codes.size, 200);
    for (const code of codes) assert.match(code, /^[A-HJKMNP-Z2-9]{10}$/, 'no I, L, O, 0 or 1');
  });
});
