import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { excursions, notifications } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { call, createSlot, excursionIdOf, ORDER, orderBody, OTHER_PARTNER_PHONE, postOrder } from './orders-support';

const LIST = '/api/excursion/partner/orders';
const P = '/api/excursion/partner/order';

async function decide(ctx: TestContext, token: string, id: number, verb: string, body?: object) {
  const response = await ctx.app.inject({ method: 'POST', url: `${P}/${id}/${verb}`, headers: bearer(token), ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function request(ctx: TestContext, token: string, comment = '') {
  await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
  const slot = await createSlot(ctx, 'moskva-s-detmi', { capacity: 10 });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'moskva-s-detmi'), slot, { contact_name: `Клиент ${comment}`.trim() }));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.data.id as number;
}

for (const kind of databaseKinds()) {
  describe(`the partner's orders [${kind}]`, () => {
    const ctx = useTestApp(kind, { env: { ORDER_MAX_UNPAID_SEATS: '100000', ORDER_CREATE_LIMIT_ACCOUNT: '100000' } });

    it('lists requests awaiting an answer first with their deadlines, filters and searches; only the partner’s own', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const first = await request(ctx, customer, 'Пётр');
      const second = await request(ctx, customer, 'Мария');
      const list = await call(ctx, 'GET', `${LIST}?per_page=50`, partner);
      assert.equal(list.status, 200);
      const rows = list.body.data.data as Array<{ id: number; status: string; respond_by: string | null }>;
      const firstOther = rows.findIndex((r) => r.status !== 'awaiting_confirmation');
      const lastAwaiting = rows.map((r) => r.status).lastIndexOf('awaiting_confirmation');
      assert.ok(firstOther === -1 || lastAwaiting < firstOther, 'requests first');
      assert.ok(rows.filter((r) => r.status === 'awaiting_confirmation').every((r) => r.respond_by), 'each with its deadline');
      assert.ok(list.body.data.awaiting_answer >= 2);
      assert.ok(list.body.data.excursions.length > 0);

      const byName = await call(ctx, 'GET', `${LIST}?q=${encodeURIComponent('мари')}`, partner);
      assert.deepEqual(byName.body.data.data.map((r: { id: number }) => r.id), [second]);
      const byNumber = await call(ctx, 'GET', `${LIST}?q=${encodeURIComponent(`№${first}`)}`, partner);
      assert.ok(byNumber.body.data.data.some((r: { id: number }) => r.id === first));
      const confirmedOnly = await call(ctx, 'GET', `${LIST}?status=confirmed`, partner);
      assert.ok(confirmedOnly.body.data.data.every((r: { status: string }) => r.status === 'confirmed'));
      const excursionId = await excursionIdOf(ctx, 'moskva-s-detmi');
      const ofExcursion = await call(ctx, 'GET', `${LIST}?excursion_id=${excursionId}`, partner);
      assert.ok(ofExcursion.body.data.data.every((r: { excursion: { id: number } }) => r.excursion.id === excursionId));
      const nothing = await call(ctx, 'GET', `${LIST}?date_from=2000-01-01&date_to=2000-01-02`, partner);
      assert.equal(nothing.body.data.total, 0);

      const other = await call(ctx, 'GET', LIST, await ctx.tokenFor(OTHER_PARTNER_PHONE));
      assert.ok(!other.body.data.data.some((r: { id: number }) => r.id === first), 'never another partner’s order');
      assert.equal((await call(ctx, 'GET', LIST, customer)).status, 403);
      assert.equal((await call(ctx, 'GET', LIST)).status, 401);
      assert.equal((await call(ctx, 'GET', `${LIST}?date_from=yesterday`, partner)).status, 422);
    });

    it('shows one order with its history and the phone masked until the prepayment is paid; another partner gets 404', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await request(ctx, customer);
      const detail = await call(ctx, 'GET', `${LIST}/${id}`, partner);
      assert.equal(detail.status, 200);
      assert.equal(detail.body.data.contact_hidden, true);
      assert.equal(detail.body.data.contact_phone, '+7 999 ***-**-67');
      assert.ok(!JSON.stringify(detail.body).includes('79991234567'), 'the phone never leaves before the prepayment');
      assert.deepEqual(detail.body.data.history.map((h: { status: string }) => h.status), ['awaiting_confirmation']);
      assert.ok(detail.body.data.respond_by);
      assert.equal((await call(ctx, 'GET', `${LIST}/${id}`, await ctx.tokenFor(OTHER_PARTNER_PHONE))).status, 404);
      assert.equal((await call(ctx, 'GET', `${LIST}/999999`, partner)).status, 404);
      assert.equal((await call(ctx, 'GET', `${LIST}/${id}`, customer)).status, 403);

      // accepted and paid: the phone is shown
      assert.equal((await decide(ctx, partner, id, 'confirm')).status, 200);
      const started = await call(ctx, 'POST', `${ORDER}/${id}/pay`, customer);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/test/${started.body.data.payment_id}/confirm`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      const paid = await call(ctx, 'GET', `${LIST}/${id}`, partner);
      assert.equal(paid.body.data.contact_hidden, false);
      assert.equal(paid.body.data.contact_phone, '79991234567');
      assert.deepEqual(
        paid.body.data.history.map((h: { status: string; actor: string }) => `${h.status}:${h.actor}`),
        ['awaiting_confirmation:client', 'awaiting_payment:partner', 'confirmed:client'],
      );
    });

    it('declines with a reason from the list (shown to the customer), cancels with a reason; bad reasons are 422', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await request(ctx, customer);
      assert.equal((await decide(ctx, partner, id, 'decline')).status, 422);
      const missing = await decide(ctx, partner, id, 'decline', {});
      assert.equal(missing.status, 422);
      assert.deepEqual(Object.keys(missing.body.errors), ['reason']);
      assert.equal(missing.body.message, 'Выберите причину.');
      assert.equal((await decide(ctx, partner, id, 'decline', { reason: 'because' })).status, 422);
      const otherNoText = await decide(ctx, partner, id, 'decline', { reason: 'other' });
      assert.deepEqual(Object.keys(otherNoText.body.errors), ['comment']);
      assert.equal((await decide(ctx, await ctx.tokenFor(OTHER_PARTNER_PHONE), id, 'decline', { reason: 'weather' })).status, 404);

      const declined = await decide(ctx, partner, id, 'decline', { reason: 'no_seats', comment: 'все места на 10:00 заняты' });
      assert.equal(declined.status, 200);
      assert.equal(declined.body.data.status, 'declined');
      const seen = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data;
      assert.equal(seen.history.at(-1).reason, 'Нет свободных мест на это время: все места на 10:00 заняты');
      const [notice] = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'client_order_declined'), sql`${notifications.data}->>'order_id' = ${String(id)}`));
      assert.match(notice!.text, /Причина: Нет свободных мест на это время/);

      const accepted = await request(ctx, customer);
      await decide(ctx, partner, accepted, 'confirm');
      assert.equal((await decide(ctx, partner, accepted, 'cancel', {})).status, 422);
      const cancelled = await decide(ctx, partner, accepted, 'cancel', { reason: 'illness' });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.data.status, 'cancelled_by_partner');
      const after = (await call(ctx, 'GET', `${ORDER}/${accepted}`, customer)).body.data;
      assert.equal(after.history.at(-1).reason, 'Гид заболел');
    });
  });
}
