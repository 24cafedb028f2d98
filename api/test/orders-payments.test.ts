import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { excursions, payments } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { bookedSeats, call, createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, otherCustomerToken, postOrder } from './orders-support';

/** An instant-booking order of 3 seats (3900 ₽, prepayment 585 ₽) on a fresh slot starting in `startsIn` ms. */
async function newOrder(ctx: TestContext, token: string, startsIn = 72 * HOUR_MS) {
  const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, startsIn });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
  assert.equal(created.status, 201);
  return { id: created.body.data.id as number, slot };
}

async function pay(ctx: TestContext, token: string, orderId: number) {
  const started = await call(ctx, 'POST', `${ORDER}/${orderId}/pay`, token);
  assert.equal(started.status, 200, JSON.stringify(started.body));
  return started.body.data as { payment_id: string; confirmation_url: string };
}

async function answer(ctx: TestContext, paymentId: string, verb: 'confirm' | 'decline') {
  // The test page submits a plain HTML form.
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/test/${paymentId}/${verb}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return response;
}

for (const kind of databaseKinds()) {
  describe(`orders: payment, tickets, cancellation [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('starts a test payment (idempotent) and serves the «Тестовая оплата» page', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await newOrder(ctx, token);
      const started = await pay(ctx, token, id);
      assert.match(started.payment_id, /^test_[0-9a-f]{32}$/);
      assert.equal(started.confirmation_url, `/api/payments/test/${started.payment_id}`);
      assert.deepEqual(await pay(ctx, token, id), started);

      const page = await ctx.app.inject({ method: 'GET', url: started.confirmation_url });
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.match(page.headers['content-security-policy'] as string, /form-action 'self'/);
      for (const text of ['Тестовая оплата', 'Оплатить', 'Отклонить', '585', `заказа №${id}`]) {
        assert.ok(page.body.includes(text), text);
      }
      assert.ok(page.body.includes(`action="/api/payments/test/${started.payment_id}/confirm"`));
      const missing = await ctx.app.inject({ method: 'GET', url: '/api/payments/test/test_nope' });
      assert.equal(missing.statusCode, 404);
    });

    it('escapes partner text on the payment page', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      await ctx.db.update(excursions).set({ title: '<script>alert(1)</script>' }).where(eq(excursions.slug, 'serdtse-stolitsy'));
      try {
        const { id } = await newOrder(ctx, token);
        const page = await ctx.app.inject({ method: 'GET', url: (await pay(ctx, token, id)).confirmation_url });
        assert.ok(!page.body.includes('<script>'));
        assert.ok(page.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      } finally {
        await ctx.db.update(excursions).set({ title: 'Экскурсия serdtse-stolitsy' }).where(eq(excursions.slug, 'serdtse-stolitsy'));
      }
    });

    it('declined → payment failed, the order still awaits payment and can be paid again', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await newOrder(ctx, token);
      const first = await pay(ctx, token, id);
      const declined = await answer(ctx, first.payment_id, 'decline');
      assert.equal(declined.statusCode, 303);
      assert.equal(declined.headers.location, `/account/user/${id}`);
      const order = (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;
      assert.equal(order.status, 'awaiting_payment');
      assert.equal(order.payment.status, 'failed');
      assert.deepEqual(order.tickets, []);
      // A late «Оплатить» on the declined payment changes nothing.
      assert.equal((await answer(ctx, first.payment_id, 'confirm')).statusCode, 303);
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data.status, 'awaiting_payment');
      const second = await pay(ctx, token, id);
      assert.notEqual(second.payment_id, first.payment_id);
    });

    it('paid → order confirmed and one ticket per participant; repeated answers change nothing', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await newOrder(ctx, token);
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data.guide_contact, null, 'no guide contact before paying');
      const { payment_id } = await pay(ctx, token, id);
      const paid = await answer(ctx, payment_id, 'confirm');
      assert.equal(paid.statusCode, 303);
      assert.equal(paid.headers.location, `/account/user/${id}`);
      const order = (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;
      assert.equal(order.status, 'confirmed');
      assert.ok(order.confirmed_at);
      assert.equal(order.payment.status, 'succeeded');
      assert.equal(order.payment.amount, 585);
      assert.equal(order.tickets.length, 3);
      const codes = order.tickets.map((t: { code: string }) => t.code);
      assert.ok(codes.every((c: string) => /^[A-HJKMNP-Z2-9]{10}$/.test(c)));
      assert.equal(new Set(codes).size, 3);
      assert.equal(order.tickets[0].qr_url, `/api/excursion/user/ticket/${codes[0]}/qr`);
      assert.deepEqual(order.guide_contact, { phone: '79161234567' }, 'the guide’s phone for travellers once paid');

      await answer(ctx, payment_id, 'confirm');
      await answer(ctx, payment_id, 'decline');
      const after = (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;
      assert.equal(after.tickets.length, 3);
      assert.equal(after.payment.status, 'succeeded');
      const repay = await call(ctx, 'POST', `${ORDER}/${id}/pay`, token);
      assert.equal(repay.status, 422);
      assert.deepEqual(repay.body.errors, { status: ['Этот заказ не ожидает оплаты.'] });
    });

    it('serves a ticket QR to its owner only (JSON data URL, SVG, PNG)', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await newOrder(ctx, token);
      await answer(ctx, (await pay(ctx, token, id)).payment_id, 'confirm');
      const [ticket] = (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data.tickets;
      const json = await call(ctx, 'GET', ticket.qr_url, token);
      assert.equal(json.status, 200);
      assert.equal(json.body.data.code, ticket.code);
      assert.match(json.body.data.svg_data_url, /^data:image\/svg\+xml;base64,/);
      const svg = await ctx.app.inject({ method: 'GET', url: `${ticket.qr_url}.svg`, headers: bearer(token) });
      assert.equal(svg.statusCode, 200);
      assert.match(svg.headers['content-type'] as string, /^image\/svg\+xml/);
      assert.match(svg.body, /^<svg/);
      const png = await ctx.app.inject({ method: 'GET', url: `${ticket.qr_url}.png`, headers: bearer(token) });
      assert.equal(png.statusCode, 200);
      assert.equal(png.headers['content-type'], 'image/png');
      assert.deepEqual([...png.rawPayload.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

      const other = await otherCustomerToken(ctx);
      for (const suffix of ['', '.svg', '.png']) {
        const foreign = await ctx.app.inject({ method: 'GET', url: `${ticket.qr_url}${suffix}`, headers: bearer(other) });
        assert.equal(foreign.statusCode, 404, suffix);
      }
      assert.equal((await call(ctx, 'GET', ticket.qr_url)).status, 401);
      assert.equal((await call(ctx, 'GET', '/api/excursion/user/ticket/bad code/qr', token)).status, 422);
    });

    it('refunds a cancelled paid order by the /docs/vozvrat rule: ≥24 h 100 %, 2–24 h 50 %, <2 h nothing', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const cases = [
        { startsIn: 30 * HOUR_MS, percent: 100, refund: 585 },
        { startsIn: 10 * HOUR_MS, percent: 50, refund: 293 },
        { startsIn: 1 * HOUR_MS, percent: 0, refund: 0 },
      ];
      for (const { startsIn, percent, refund } of cases) {
        const { id, slot } = await newOrder(ctx, token, startsIn);
        await answer(ctx, (await pay(ctx, token, id)).payment_id, 'confirm');
        const before = (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;
        assert.deepEqual(before.cancellation, { allowed: true, refund_percent: percent, refund_amount: refund });
        assert.equal(await bookedSeats(ctx, slot), 3);

        const cancelled = await call(ctx, 'POST', `${ORDER}/${id}/cancel`, token);
        assert.equal(cancelled.status, 200);
        const order = cancelled.body.data;
        assert.equal(order.status, 'cancelled_by_customer');
        assert.equal(order.refund_amount, refund);
        assert.ok(order.cancelled_at);
        assert.ok(order.tickets.every((t: { status: string }) => t.status === 'cancelled'));
        assert.equal(order.payment.status, refund > 0 ? 'refunded' : 'succeeded');
        assert.equal(order.cancellation.allowed, false);
        assert.equal(await bookedSeats(ctx, slot), 0);
        const again = await call(ctx, 'POST', `${ORDER}/${id}/cancel`, token);
        assert.equal(again.status, 422);
        assert.deepEqual(again.body.errors, { status: ['Заказ отменён: отменить его нельзя.'] });
      }
    });

    it('cancels an unpaid order without a refund and voids its pending payment', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot } = await newOrder(ctx, token);
      const { payment_id } = await pay(ctx, token, id);
      const cancelled = await call(ctx, 'POST', `${ORDER}/${id}/cancel`, token);
      assert.equal(cancelled.body.data.refund_amount, 0);
      assert.equal(await bookedSeats(ctx, slot), 0);
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.externalId, payment_id));
      assert.equal(payment!.status, 'failed');
      // Paying the voided payment afterwards does nothing.
      await answer(ctx, payment_id, 'confirm');
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data.status, 'cancelled_by_customer');
    });

    it('refuses to cancel after the start', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot } = await newOrder(ctx, token, HOUR_MS);
      await ctx.db.execute(`update events set starts_at = now() - interval '5 minutes' where id = ${slot}`);
      const late = await call(ctx, 'POST', `${ORDER}/${id}/cancel`, token);
      assert.equal(late.status, 422);
      assert.deepEqual(late.body.errors, { status: ['Экскурсия уже началась: отменить заказ нельзя.'] });
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data.cancellation.allowed, false);
    });

    it('a partner cancelling a paid order refunds the prepayment in full, even close to the start', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot } = await newOrder(ctx, token, HOUR_MS);
      await answer(ctx, (await pay(ctx, token, id)).payment_id, 'confirm');
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const cancelled = await call(ctx, 'POST', `/api/excursion/partner/order/${id}/cancel`, partner, { reason: 'weather' });
      assert.equal(cancelled.status, 200);
      assert.deepEqual(cancelled.body.data, { id, status: 'cancelled_by_partner', refund_amount: 585 });
      assert.equal(await bookedSeats(ctx, slot), 0);
      const order = (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;
      assert.ok(order.tickets.every((t: { status: string }) => t.status === 'cancelled'));
    });

    it('pays only orders that await payment', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'moskva-s-detmi');
      const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'moskva-s-detmi'), slot));
      const early = await call(ctx, 'POST', `${ORDER}/${created.body.data.id}/pay`, token);
      assert.equal(early.status, 422);
      assert.deepEqual(early.body.errors, {
        status: ['Заказ ещё не подтверждён гидом: оплатить его можно после подтверждения.'],
      });
    });
  });
}

for (const kind of databaseKinds()) {
  describe(`orders: payment provider in production [${kind}]`, () => {
    const ctx = useTestApp(kind, { env: { APP_ENV: 'production' } });

    it('without PAYMENT_PROVIDER there is no test page and paying answers 503, never a fake success', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await newOrder(ctx, token);
      const started = await call(ctx, 'POST', `${ORDER}/${id}/pay`, token);
      assert.equal(started.status, 503);
      assert.equal(started.body.message, 'Онлайн-оплата временно недоступна. Попробуйте позже.');
      const page = await ctx.app.inject({ method: 'GET', url: '/api/payments/test/test_00000000000000000000000000000000' });
      assert.equal(page.statusCode, 404);
    });
  });
}
