import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { money, prepaymentReceipt } from './receipt';

const sum = (items: { quantity: string; amount: { value: string } }[]) =>
  items.reduce((total, item) => total + Math.round(Number(item.amount.value) * 100) * Number(item.quantity), 0);

describe('ЮKassa receipt (54-ФЗ)', () => {
  it('writes kopecks as a decimal string', () => {
    assert.equal(money(58500), '585.00');
    assert.equal(money(7), '0.07');
  });

  it('shares a partial prepayment over the participant kinds, adding up to the kopeck', () => {
    const receipt = prepaymentReceipt(
      {
        to: 'anna@example.ru',
        title: 'Сердце столицы',
        total: 3900,
        participants: [
          { code: 'adult', name: 'Взрослый', price: 1500, count: 2 },
          { code: 'child', name: 'Детский', price: 900, count: 1 },
        ],
      },
      585,
      1,
    );
    assert.deepEqual(receipt.customer, { email: 'anna@example.ru' });
    assert.equal(receipt.items.length, 2);
    assert.equal(sum(receipt.items), 58500);
    assert.deepEqual(receipt.items[0], {
      description: 'Предоплата экскурсии «Сердце столицы»: Взрослый',
      quantity: '2',
      amount: { value: '225.00', currency: 'RUB' },
      vat_code: 1,
      payment_subject: 'service',
      payment_mode: 'prepayment',
    });
    assert.equal(receipt.items[1]!.amount.value, '135.00');
  });

  it('uses quantity 1 with «× N» when a share does not divide, and full_prepayment for the whole price', () => {
    const receipt = prepaymentReceipt(
      { to: '79990000001', title: 'T', total: 100, participants: [{ code: 'a', name: 'Взрослый', price: 25, count: 4 }] },
      100,
      4,
    );
    assert.deepEqual(receipt.customer, { phone: '79990000001' });
    assert.equal(receipt.items[0]!.quantity, '4');
    assert.equal(sum(receipt.items), 10000);
    const odd = prepaymentReceipt(
      { to: '79990000001', title: 'T', total: 300, participants: [{ code: 'a', name: 'Взрослый', price: 100, count: 3 }] },
      100,
      4,
    );
    assert.equal(odd.items[0]!.quantity, '1');
    assert.match(odd.items[0]!.description, /× 3$/);
    assert.equal(odd.items[0]!.payment_mode, 'prepayment');
    assert.equal(receipt.items[0]!.payment_mode, 'full_prepayment');
  });
});
