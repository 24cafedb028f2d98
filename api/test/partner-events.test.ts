import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { tickets } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { call, createSlot, excursionIdOf, ORDER, orderBody, OTHER_PARTNER_PHONE, postOrder } from './orders-support';

const E = '/api/excursion/partner/events';

async function paidOrder(ctx: TestContext, token: string, slot: number): Promise<number> {
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
  assert.equal(created.status, 201);
  const id = created.body.data.id as number;
  const started = await call(ctx, 'POST', `${ORDER}/${id}/pay`, token);
  await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/test/${started.body.data.payment_id}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return id;
}

const checkIn = (ctx: TestContext, token: string, slot: number, code: string) =>
  ctx.app.inject({ method: 'POST', url: `${E}/${slot}/check-in`, headers: bearer(token), payload: { code } });

for (const kind of databaseKinds()) {
  describe(`a slot of the partner's calendar: participants and check-in [${kind}]`, () => {
    const ctx = useTestApp(kind, { env: { ORDER_MAX_UNPAID_SEATS: '100000' } });

    it('lists the slot’s orders with their tickets; phones masked until the prepayment; other accounts get nothing', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12 });
      const paid = await paidOrder(ctx, customer, slot);
      const unpaid = (await postOrder(ctx, customer, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot))).body.data.id as number;

      const page = await call(ctx, 'GET', `${E}/${slot}`, partner);
      assert.equal(page.status, 200);
      const event = page.body.data;
      assert.equal(event.capacity, 12);
      assert.equal(event.booked_seats, 6);
      const byId = new Map(event.orders.map((o: { id: number }) => [o.id, o]));
      const p = byId.get(paid) as { contact_phone: string; contact_hidden: boolean; tickets: unknown[] };
      const u = byId.get(unpaid) as { contact_phone: string; contact_hidden: boolean; tickets: unknown[] };
      assert.equal(p.contact_phone, '79991234567');
      assert.equal(p.tickets.length, 3);
      assert.equal(u.contact_hidden, true);
      assert.equal(u.contact_phone, '+7 999 ***-**-67');
      assert.equal(u.tickets.length, 0);

      assert.equal((await call(ctx, 'GET', `${E}/${slot}`, await ctx.tokenFor(OTHER_PARTNER_PHONE))).status, 404);
      assert.equal((await call(ctx, 'GET', `${E}/${slot}`, customer)).status, 403);
      assert.equal((await call(ctx, 'GET', `${E}/999999`, partner)).status, 404);
      assert.equal((await call(ctx, 'GET', `${E}/abc`, partner)).status, 422);
    });

    it('checks a ticket in once, by its code as typed; another slot’s or a cancelled ticket is refused', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12 });
      const other = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12 });
      const order = await paidOrder(ctx, customer, slot);
      const otherOrder = await paidOrder(ctx, customer, other);
      const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.orderId, order));
      const [foreign] = await ctx.db.select().from(tickets).where(eq(tickets.orderId, otherOrder));

      const typed = ` ${ticket!.code.toLowerCase().slice(0, 5)} ${ticket!.code.toLowerCase().slice(5)} `;
      const done = await checkIn(ctx, partner, slot, typed);
      assert.equal(done.statusCode, 200, done.body);
      const after = done.json().data.orders.find((o: { id: number }) => o.id === order);
      assert.equal(after.tickets.find((t: { code: string }) => t.code === ticket!.code).status, 'redeemed');

      const again = await checkIn(ctx, partner, slot, ticket!.code);
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.json().errors, { code: ['Этот билет уже отмечен.'] });
      const wrongSlot = await checkIn(ctx, partner, slot, foreign!.code);
      assert.equal(wrongSlot.statusCode, 422);
      assert.match(wrongSlot.json().message, /нет среди участников этого времени/);
      assert.equal((await checkIn(ctx, partner, slot, 'NOPE')).statusCode, 422);

      await call(ctx, 'POST', `${ORDER}/${otherOrder}/cancel`, customer);
      const cancelled = await checkIn(ctx, partner, other, foreign!.code);
      assert.equal(cancelled.statusCode, 422);
      assert.match(cancelled.json().message, /недействителен/);

      assert.equal((await checkIn(ctx, await ctx.tokenFor(OTHER_PARTNER_PHONE), slot, ticket!.code)).statusCode, 404);
      assert.equal((await checkIn(ctx, customer, slot, ticket!.code)).statusCode, 403);
      assert.equal((await checkIn(ctx, partner, slot, '')).statusCode, 422);
    });
  });
}
