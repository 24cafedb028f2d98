import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { excursions } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp } from './helpers/app';
import {
  bookedSeats,
  call,
  createSlot,
  excursionIdOf,
  HOUR_MS,
  ORDER,
  orderBody,
  OTHER_PARTNER_PHONE,
  otherCustomerToken,
  postOrder,
} from './orders-support';

for (const kind of databaseKinds()) {
  describe(`orders: creation, validation, partner decisions [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('prices an order on the server: 2 adults + 1 child, commission 15 %', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, booked: 4 });
      const { status, body } = await postOrder(ctx, token, orderBody(excursionId, slot));
      assert.equal(status, 201);
      const order = body.data;
      assert.equal(order.status, 'awaiting_payment'); // instant booking
      assert.deepEqual(order.participants, [
        { code: 'adult', name: 'Взрослый', price: 1500, count: 2 },
        { code: 'child', name: 'Детский', price: 900, count: 1 },
      ]);
      assert.equal(order.seats, 3);
      assert.equal(order.total, 3900);
      assert.equal(order.prepayment, 585);
      assert.equal(order.rest, 3315);
      assert.equal(order.contact_phone, '79991234567');
      assert.equal(order.comment, 'Будем вовремя');
      assert.equal(order.refund_amount, null);
      assert.deepEqual(order.tickets, []);
      assert.equal(order.payment, null);
      assert.deepEqual(order.cancellation, { allowed: true, refund_percent: 100, refund_amount: 0 });
      assert.equal(order.excursion.slug, 'serdtse-stolitsy');
      assert.equal(order.excursion.meeting_point, 'У входа');
      assert.equal(order.guide.slug, 'orlov-tur');
      assert.equal(order.event.id, slot);
      assert.equal(await bookedSeats(ctx, slot), 7);
    });

    it('uses the slot price and another commission; a per-group order costs the group price', async () => {
      const { app } = await ctx.variant({ SERVICE_COMMISSION: '12.5' });
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const weekend = await createSlot(ctx, 'serdtse-stolitsy', { priceOverride: 1800 });
      const response = await app.inject({
        method: 'POST',
        url: ORDER,
        headers: { authorization: `Bearer ${token}` },
        payload: orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), weekend),
      });
      assert.equal(response.statusCode, 201);
      const priced = response.json().data;
      assert.equal(priced.total, 1800 * 2 + 1080);
      assert.equal(priced.prepayment, Math.round((4680 * 12.5) / 100));

      const privateSlot = await createSlot(ctx, 'tainy-zamoskvorechya', { capacity: 12 });
      const tainy = await excursionIdOf(ctx, 'tainy-zamoskvorechya');
      const group = await postOrder(ctx, token, orderBody(tainy, privateSlot, { participants: [{ code: 'group', count: 3 }] }));
      assert.equal(group.status, 201);
      assert.equal(group.body.data.total, 9000);
      assert.equal(group.body.data.prepayment, 1350);
      assert.equal(group.body.data.seats, 3);
      // An individual excursion takes the whole slot.
      assert.equal(await bookedSeats(ctx, privateSlot), 12);
      const second = await postOrder(ctx, token, orderBody(tainy, privateSlot, { participants: [{ code: 'group', count: 1 }] }));
      assert.equal(second.status, 409);
    });

    it('sends orders of excursions without instant booking to the partner for confirmation', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'moskva-s-detmi');
      const { status, body } = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'moskva-s-detmi'), slot));
      assert.equal(status, 201);
      assert.equal(body.data.status, 'awaiting_confirmation');
    });

    it('answers 422 with an error per field for a malformed body', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const empty = await postOrder(ctx, token, {});
      assert.equal(empty.status, 422);
      assert.deepEqual(Object.keys(empty.body.errors).sort(), [
        'contact_name', 'contact_phone', 'event_id', 'excursion_id', 'participants',
      ]);
      assert.deepEqual(empty.body.errors.excursion_id, ['The excursion id field is required.']);
      const long = await postOrder(ctx, token, orderBody(1, 1, { comment: 'я'.repeat(1001), participants: [] }));
      assert.deepEqual(long.body.errors, {
        comment: ['The comment field must not be greater than 1000 characters.'],
        participants: ['The participants field must have at least 1 items.'],
      });
      const negative = await postOrder(ctx, token, orderBody(1, 1, { participants: [{ code: 'adult', count: -1 }] }));
      assert.deepEqual(negative.body.errors, { 'participants.0.count': ['The participants.0.count field must be at least 0.'] });
    });

    it('checks everything again on the server: phone, excursion, slot, price lines, group size', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12 });
      const errorsOf = async (body: unknown) => {
        const result = await postOrder(ctx, token, body);
        assert.equal(result.status, 422, JSON.stringify(result.body));
        assert.equal(typeof result.body.message, 'string');
        return result.body.errors;
      };
      for (const phone of ['12345', '+7 999 abc', '+7 (000) 000-00-00']) {
        assert.deepEqual(await errorsOf(orderBody(id, slot, { contact_phone: phone })), {
          contact_phone: ['The contact phone field format is invalid.'],
        });
      }
      assert.deepEqual(await errorsOf(orderBody(id, slot, { contact_name: '   ' })), {
        contact_name: ['The contact name field is required.'],
      });
      assert.deepEqual(await errorsOf(orderBody(999999, slot)), {
        excursion_id: ['Экскурсия не найдена или снята с продажи.'],
      });
      const otherSlot = await createSlot(ctx, 'dvortsy-i-mosty');
      const past = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: -HOUR_MS });
      const closed = await createSlot(ctx, 'serdtse-stolitsy', { status: 'closed' });
      assert.deepEqual(await errorsOf(orderBody(id, otherSlot)), { event_id: ['Выбранное время не относится к этой экскурсии.'] });
      assert.deepEqual(await errorsOf(orderBody(id, past)), { event_id: ['Это время уже прошло. Выберите другое.'] });
      assert.deepEqual(await errorsOf(orderBody(id, closed)), { event_id: ['Запись на это время закрыта.'] });
      assert.deepEqual(await errorsOf(orderBody(id, slot, { participants: [{ code: 'senior', count: 1 }] })), {
        'participants.0.code': ['Такой категории участников у экскурсии нет.'],
      });
      assert.deepEqual(
        await errorsOf(orderBody(id, slot, { participants: [{ code: 'adult', count: 1 }, { code: 'adult', count: 1 }] })),
        { 'participants.1.code': ['Категория участников указана дважды.'] },
      );
      assert.deepEqual(await errorsOf(orderBody(id, slot, { participants: [{ code: 'adult', count: 0 }] })), {
        participants: ['Укажите хотя бы одного участника.'],
      });
      assert.deepEqual(await errorsOf(orderBody(id, slot, { participants: [{ code: 'adult', count: 13 }] })), {
        participants: ['В одном заказе не больше 12 участников.'],
      });
      // Several problems at once are all reported.
      const many = await errorsOf(orderBody(id, past, { contact_phone: '1', participants: [{ code: 'x', count: 1 }] }));
      assert.deepEqual(Object.keys(many).sort(), ['contact_phone', 'event_id', 'participants.0.code']);
      assert.equal(await bookedSeats(ctx, slot), 0);
    });

    it('never books more seats than a slot has left (409, seats unchanged)', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 4, booked: 3 });
      const { status, body } = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
      assert.equal(status, 409);
      assert.match(body.message, /свободных мест/);
      assert.deepEqual(Object.keys(body.errors), ['event_id']);
      assert.equal(await bookedSeats(ctx, slot), 3);
    });

    it('does not let a partner order their own excursion; needs a token', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const slot = await createSlot(ctx, 'serdtse-stolitsy');
      const own = await postOrder(ctx, partner, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
      assert.equal(own.status, 422);
      assert.deepEqual(own.body.errors, { excursion_id: ['Нельзя заказать собственную экскурсию.'] });
      const anonymous = await ctx.app.inject({ method: 'POST', url: ORDER, payload: orderBody(1, slot) });
      assert.equal(anonymous.statusCode, 401);
    });

    it('lists my orders and shows only my own (another customer’s id is a 404)', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'dvortsy-i-mosty');
      const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'dvortsy-i-mosty'), slot));
      const id = created.body.data.id as number;
      const list = await call(ctx, 'GET', `${ORDER}?per_page=2`, token);
      assert.equal(list.status, 200);
      assert.equal(list.body.data.data[0].id, id);
      assert.equal(list.body.data.per_page, 2);
      assert.ok(list.body.data.total >= 5); // 4 demo orders + this test's
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data.id, id);

      const other = await otherCustomerToken(ctx);
      const foreign = await call(ctx, 'GET', `${ORDER}/${id}`, other);
      assert.equal(foreign.status, 404);
      assert.deepEqual(foreign.body, { message: 'Not Found.', errors: {} });
      assert.deepEqual((await call(ctx, 'GET', ORDER, other)).body.data.data, []);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/cancel`, other)).status, 404);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/pay`, other)).status, 404);
      assert.equal((await call(ctx, 'GET', `${ORDER}/999999`, token)).status, 404);
      assert.equal((await call(ctx, 'GET', `${ORDER}/abc`, token)).status, 422);
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`)).status, 401);
    });

    it('lets only the excursion’s partner confirm or decline, once', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'moskva-s-detmi');
      const slot = await createSlot(ctx, 'moskva-s-detmi', { capacity: 10 });
      const first = (await postOrder(ctx, customer, orderBody(id, slot))).body.data.id as number;
      const second = (await postOrder(ctx, customer, orderBody(id, slot))).body.data.id as number;
      // requests hold no seats until the partner accepts them
      assert.equal(await bookedSeats(ctx, slot), 0);

      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const stranger = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      const P = '/api/excursion/partner/order';
      assert.equal((await call(ctx, 'POST', `${P}/${first}/confirm`, stranger)).status, 404);
      assert.equal((await call(ctx, 'POST', `${P}/${first}/decline`, stranger, { reason: 'weather' })).status, 404);
      assert.equal((await call(ctx, 'POST', `${P}/${first}/confirm`, customer)).status, 403);
      assert.equal((await call(ctx, 'POST', `${P}/${first}/confirm`)).status, 401);

      const confirmed = await call(ctx, 'POST', `${P}/${first}/confirm`, partner);
      assert.equal(confirmed.status, 200);
      assert.deepEqual(confirmed.body, { status: true, data: { id: first, status: 'awaiting_payment', refund_amount: null } });
      assert.equal(await bookedSeats(ctx, slot), 3);
      const again = await call(ctx, 'POST', `${P}/${first}/confirm`, partner);
      assert.equal(again.status, 422);
      assert.deepEqual(again.body.errors, { status: ['Заказ ожидает оплаты: подтвердить его нельзя.'] });

      const declined = await call(ctx, 'POST', `${P}/${second}/decline`, partner, { reason: 'weather' });
      assert.deepEqual(declined.body.data, { id: second, status: 'declined', refund_amount: 0 });
      assert.equal(await bookedSeats(ctx, slot), 3);
      assert.equal((await call(ctx, 'POST', `${P}/${second}/decline`, partner, { reason: 'weather' })).status, 422);
      const detail = (await call(ctx, 'GET', `${ORDER}/${second}`, customer)).body.data;
      assert.equal(detail.status, 'declined');
      assert.deepEqual(
        detail.history.map((h: { status: string; actor: string }) => `${h.status}:${h.actor}`),
        ['awaiting_confirmation:client', 'declined:partner'],
      );
    });

    it('gives the last seats to exactly one of two simultaneous acceptances', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'moskva-s-detmi');
      const slot = await createSlot(ctx, 'moskva-s-detmi', { capacity: 4 });
      const a = (await postOrder(ctx, customer, orderBody(id, slot))).body.data.id as number;
      const b = (await postOrder(ctx, customer, orderBody(id, slot))).body.data.id as number;
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const P = '/api/excursion/partner/order';
      const answers = await Promise.all([a, b].map((o) => call(ctx, 'POST', `${P}/${o}/confirm`, partner)));
      assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
      assert.equal(await bookedSeats(ctx, slot), 3);
      const loser = answers.find((r) => r.status === 409)!;
      assert.match(loser.body.message, /не осталось/);
    });
  });
}
