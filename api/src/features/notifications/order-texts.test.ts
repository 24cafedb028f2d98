import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatEventShort } from '@excursio/shared/time';
import { excerpt } from '../chat/notice';
import { orderNotices, participants, type OrderFacts } from './order-texts';

// 2 May 2026, 06:00 UTC = 10:00 in Tbilisi (UTC+4), 09:00 in Moscow.
const order: OrderFacts = {
  id: 42,
  title: 'Прогулка по Тбилиси',
  startsAt: new Date('2026-05-02T06:00:00Z'),
  timeZone: 'Asia/Tbilisi',
  seats: 3,
  customerId: 7,
  partnerId: 9,
};

/** The start as the shared formatter words it on Tbilisi's clock (ICU versions differ: «2 мая, 10:00» / «2 мая в 10:00»). */
const when = formatEventShort(order.startsAt, 'Asia/Tbilisi');

describe('order notices', () => {
  it('uses the city’s clock, not the server’s', () => {
    assert.match(when, /^2 мая.*10:00$/);
  });

  it('tells the partner of a new order on the excursion city’s clock', () => {
    const [toPartner, toCustomer] = orderNotices(order, { kind: 'placed', awaitingConfirmation: false });
    assert.deepEqual(toPartner, {
      userId: 9,
      type: 'partner_order_new',
      text: `Новый заказ №42: «Прогулка по Тбилиси», ${when}, 3 участника`,
      link: '/account/partner/order/42',
      data: { order_id: 42 },
    });
    assert.equal(toCustomer!.type, 'client_order_placed');
    assert.equal(toCustomer!.link, '/account/user/42');
    assert.equal(toCustomer!.text, `Заказ №42 оформлен: «Прогулка по Тбилиси», ${when} — оплатите предоплату`);
  });

  it('words each change for the side that did not make it', () => {
    const one = (change: Parameters<typeof orderNotices>[1]) => orderNotices(order, change).map((n) => [n.userId, n.type, n.text]);
    assert.deepEqual(one({ kind: 'confirmed' }), [
      [7, 'client_order_confirmed', `Гид подтвердил заказ №42 — оплатите предоплату. «Прогулка по Тбилиси», ${when}`],
    ]);
    assert.deepEqual(one({ kind: 'declined' })[0]!.slice(0, 2), [7, 'client_order_declined']);
    assert.deepEqual(one({ kind: 'paid' }).map((n) => n.slice(0, 2)), [[7, 'client_order_paid'], [9, 'partner_order_paid']]);
    assert.deepEqual(one({ kind: 'cancelled_by_customer' }), [
      [9, 'partner_order_cancelled', `Клиент отменил заказ №42: «Прогулка по Тбилиси», ${when}`],
    ]);
    assert.equal(
      one({ kind: 'cancelled_by_partner', refund: 1500 })[0]![2],
      `Гид отменил заказ №42: «Прогулка по Тбилиси», ${when}. Предоплата 1\u00a0500\u00a0₽ будет возвращена`,
    );
    assert.equal(one({ kind: 'cancelled_by_partner', refund: 0 })[0]![2], `Гид отменил заказ №42: «Прогулка по Тбилиси», ${when}`);
  });

  it('counts participants in Russian', () => {
    assert.deepEqual([1, 2, 5, 11, 21, 22].map(participants), [
      '1 участник', '2 участника', '5 участников', '11 участников', '21 участник', '22 участника',
    ]);
  });

  it('quotes the start of a chat message on one line', () => {
    assert.equal(excerpt('  Привет,\n\nкак дела?  '), 'Привет, как дела?');
    assert.equal(excerpt('я'.repeat(150)), `${'я'.repeat(100)}…`);
    assert.equal(excerpt('👍'.repeat(101)), `${'👍'.repeat(100)}…`);
  });
});
