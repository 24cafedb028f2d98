// Issue 13: a traveller moves an order to another slot; an accepted on-request excursion needs the guide's approval.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { events, excursions, notifications, orders } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { bookedSeats, createSlot, excursionIdOf, HOUR_MS, orderBody, OTHER_PARTNER_PHONE, otherCustomerToken, postOrder } from './orders-support';
import { call } from './partner-misc-support';

const ORDER = '/api/excursion/user/order';

async function placed(ctx: TestContext, token: string, slug: string, startsIn = 72 * HOUR_MS) {
  const slot = await createSlot(ctx, slug, { startsIn, capacity: 10 });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, slug), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.data.id as number, slot };
}

const noticesOf = async (ctx: TestContext, orderId: number, type: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.type, type))).filter((n) => (n.data as { order_id?: number }).order_id === orderId);

for (const kind of databaseKinds()) {
  describe(`moving an order to another slot [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('moves an instant order with its seats; the new price shows first; the guide is told', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot } = await placed(ctx, customer, 'serdtse-stolitsy');
      const later = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 96 * HOUR_MS, capacity: 10, priceOverride: 3000 });
      const before = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data;
      const options = (await call(ctx, 'GET', `${ORDER}/${id}/reschedule`, customer)).body.data;
      assert.equal(options.allowed, true);
      assert.equal(options.needs_approval, false);
      const offer = options.slots.find((s: { event_id: number }) => s.event_id === later);
      assert.ok(offer, 'the later slot is offered');
      assert.equal(offer.difference, offer.total - before.total);
      assert.ok(!options.slots.some((s: { event_id: number }) => s.event_id === slot), 'not its own slot');

      const moved = await call(ctx, 'POST', `${ORDER}/${id}/reschedule`, customer, { event_id: later });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.data.event.id, later);
      assert.equal(moved.body.data.total, offer.total);
      assert.equal(moved.body.data.status, before.status);
      assert.equal(await bookedSeats(ctx, slot), 0, 'the old slot got its seats back');
      assert.equal(await bookedSeats(ctx, later), before.seats, 'the new slot holds them');
      assert.match(moved.body.data.history.at(-1).reason, /^Перенос: /);
      assert.equal((await noticesOf(ctx, id, 'partner_order_rescheduled')).length, 1);
    });

    it('refuses within 24 hours of the start, a full slot, another customer’s order', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const soon = await placed(ctx, customer, 'serdtse-stolitsy', 10 * HOUR_MS);
      const other = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 120 * HOUR_MS });
      const options = (await call(ctx, 'GET', `${ORDER}/${soon.id}/reschedule`, customer)).body.data;
      assert.deepEqual([options.allowed, options.slots.length], [false, 0]);
      assert.match(options.reason, /не позже чем за 24 часа/);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${soon.id}/reschedule`, customer, { event_id: other })).status, 422);

      const { id } = await placed(ctx, customer, 'serdtse-stolitsy');
      const full = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 100 * HOUR_MS, capacity: 2, booked: 2 });
      const refused = await call(ctx, 'POST', `${ORDER}/${id}/reschedule`, customer, { event_id: full });
      assert.equal(refused.status, 409);
      const stranger = await otherCustomerToken(ctx);
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}/reschedule`, stranger)).status, 404);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/reschedule`, stranger, { event_id: other })).status, 404);
      const elsewhere = await createSlot(ctx, 'moskva-s-detmi', { startsIn: 100 * HOUR_MS });
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/reschedule`, customer, { event_id: elsewhere })).status, 422, 'another excursion’s slot');
    });

    it('an accepted on-request order moves only when the guide approves; a decline keeps it', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { id, slot } = await placed(ctx, customer, 'moskva-s-detmi');
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${id}/confirm`, partner)).status, 200);
      const later = await createSlot(ctx, 'moskva-s-detmi', { startsIn: 96 * HOUR_MS, capacity: 10 });
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}/reschedule`, customer)).body.data.needs_approval, true);

      const asked = await call(ctx, 'POST', `${ORDER}/${id}/reschedule`, customer, { event_id: later });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      assert.equal(asked.body.data.event.id, slot, 'still the old slot');
      assert.equal(asked.body.data.reschedule.event_id, later);
      assert.equal((await noticesOf(ctx, id, 'partner_order_reschedule_request')).length, 1);
      const stranger = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${id}/reschedule/approve`, stranger)).status, 404);
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${id}/reschedule/approve`, customer)).status, 403);

      const approved = await call(ctx, 'POST', `/api/excursion/partner/order/${id}/reschedule/approve`, partner);
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      assert.equal(approved.body.data.event.id, later);
      assert.equal(approved.body.data.reschedule, null);
      assert.equal(await bookedSeats(ctx, later), approved.body.data.seats);
      assert.equal((await noticesOf(ctx, id, 'client_order_rescheduled')).length, 1);
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${id}/reschedule/approve`, partner)).status, 422, 'nothing pending');

      const third = await createSlot(ctx, 'moskva-s-detmi', { startsIn: 130 * HOUR_MS, capacity: 10 });
      await call(ctx, 'POST', `${ORDER}/${id}/reschedule`, customer, { event_id: third });
      const declined = await call(ctx, 'POST', `/api/excursion/partner/order/${id}/reschedule/decline`, partner);
      assert.equal(declined.body.data.event.id, later, 'kept');
      assert.equal((await noticesOf(ctx, id, 'client_order_reschedule_declined')).length, 1);
      const [row] = await ctx.db.select({ eventId: orders.eventId }).from(orders).where(and(eq(orders.id, id)));
      assert.equal(row!.eventId, later);
      assert.ok((await ctx.db.select().from(events).where(eq(events.id, third))).length === 1);
    });
  });
}
