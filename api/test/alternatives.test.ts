// Issue 32 §3: no dead end while a request waits — instant alternatives in the same city on the same day (rating ≥ 4.5),
// and «Забронировать вместо»: the alternative booked and the request withdrawn in one step, nothing charged twice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { events, excursions, orders, outbox, payments, users } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { bookedSeats, call, clearDayInThreeDays, createSlot, excursionIdOf, HOUR_MS, inThreeDaysAt, ORDER, orderBody, otherCustomerToken, postOrder } from './orders-support';

const REQUEST = 'moskva-s-detmi';
const INSTANT = 'serdtse-stolitsy';

async function waitingRequest(ctx: TestContext, token: string) {
  await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, REQUEST));
  await ctx.db.update(excursions).set({ instantBooking: true, rating: 4.8 }).where(eq(excursions.slug, INSTANT));
  const slot = await createSlot(ctx, REQUEST, { startsIn: inThreeDaysAt('12:00') });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, REQUEST), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.data.status, 'awaiting_confirmation');
  return { id: created.body.data.id as number, slot };
}

for (const kind of databaseKinds()) {
  describe(`alternatives while a request waits [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('offers instant excursions of the same city and day with rating ≥ 4.5, not other days nor lower ratings', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await waitingRequest(ctx, customer);
      const sameDay = await createSlot(ctx, INSTANT, { startsIn: inThreeDaysAt('14:00') });
      const otherDay = await createSlot(ctx, INSTANT, { startsIn: 120 * HOUR_MS });
      const offered = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data.alternatives as Array<{ event_id: number; excursion: { slug: string; rating: number }; total: number }>;
      const ids = offered.map((a) => a.event_id);
      assert.ok(ids.includes(sameDay) || offered.some((a) => a.excursion.slug === INSTANT), JSON.stringify(offered));
      assert.ok(!ids.includes(otherDay), 'not another day');
      assert.ok(offered.length <= 3);
      assert.ok(offered.every((a) => a.excursion.rating >= 4.5 && a.excursion.slug !== REQUEST));
      assert.ok(offered.every((a) => a.total > 0));

      await ctx.db.update(excursions).set({ rating: 4.2 }).where(eq(excursions.slug, INSTANT));
      const lower = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data.alternatives as Array<{ excursion: { slug: string } }>;
      assert.ok(!lower.some((a) => a.excursion.slug === INSTANT), 'rating below 4.5 is not offered');

      // a declined request offers them too; a paid, confirmed order does not
      await ctx.db.update(excursions).set({ rating: 4.8 }).where(eq(excursions.slug, INSTANT));
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${id}/decline`, partner, { reason: 'weather' })).status, 200);
      const declined = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data;
      assert.equal(declined.status, 'declined');
      assert.ok(declined.alternatives.some((a: { excursion: { slug: string } }) => a.excursion.slug === INSTANT));
    });

    it('«Забронировать вместо» books the alternative and withdraws the request in one step; nothing charged twice', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot } = await waitingRequest(ctx, customer);
      const sameDay = await createSlot(ctx, INSTANT, { startsIn: inThreeDaysAt('14:00'), capacity: 10 });
      const offered = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data.alternatives as Array<{ event_id: number }>;
      const alternative = offered.find((a) => a.event_id === sameDay) ?? offered[0]!;

      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/switch`, await otherCustomerToken(ctx), { event_id: alternative.event_id })).status, 404);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/switch`, customer, { event_id: slot })).status, 422, 'not an offered time');

      const seatsBefore = await bookedSeats(ctx, alternative.event_id);
      const switched = await call(ctx, 'POST', `${ORDER}/${id}/switch`, customer, { event_id: alternative.event_id });
      assert.equal(switched.status, 200, JSON.stringify(switched.body));
      const created = switched.body.data;
      assert.notEqual(created.id, id);
      assert.deepEqual([created.status, created.event.id, created.seats], ['awaiting_payment', alternative.event_id, 3]);
      assert.equal(await bookedSeats(ctx, alternative.event_id), seatsBefore + 3, 'the alternative’s seats are taken');
      const [request] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      assert.equal(request!.status, 'cancelled_by_customer');
      const withdrawn = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data;
      assert.match(withdrawn.history.at(-1).reason, new RegExp(`Заменён на мгновенное бронирование: заказ №${created.id}`));
      assert.equal((await ctx.db.select().from(payments).where(eq(payments.orderId, id))).length, 0, 'the request was never charged');
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/switch`, customer, { event_id: alternative.event_id })).status, 422, 'once');
    });

    it('when the alternative filled meanwhile: 409 and the request still waits', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await waitingRequest(ctx, customer);
      // the day's only slot of the excursion (one slot per excursion is offered: the earliest that fits)
      await clearDayInThreeDays(ctx, INSTANT);
      const sameDay = await createSlot(ctx, INSTANT, { startsIn: inThreeDaysAt('10:00'), capacity: 4 });
      const offered = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data.alternatives as Array<{ event_id: number }>;
      assert.ok(offered.some((a) => a.event_id === sameDay), JSON.stringify(offered));
      // the last seats go to someone else between the page and the tap: the offer is gone, nothing changes
      await ctx.db.update(events).set({ bookedSeats: 2 }).where(eq(events.id, sameDay));
      const late = await call(ctx, 'POST', `${ORDER}/${id}/switch`, customer, { event_id: sameDay });
      assert.ok(late.status === 409 || late.status === 422, JSON.stringify(late.body));
      const [request] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      assert.equal(request!.status, 'awaiting_confirmation');
      assert.equal(await bookedSeats(ctx, sameDay), 2);
    });

    it('the e-mail of a request placed (and of one declined) lists the alternatives, once each', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      await ctx.db.update(users).set({ email: 'anna@example.test' }).where(eq(users.phone, CUSTOMER_PHONE));
      await ctx.db.update(excursions).set({ instantBooking: true, rating: 4.8 }).where(eq(excursions.slug, INSTANT));
      await createSlot(ctx, INSTANT, { startsIn: inThreeDaysAt('15:00') });
      const { id } = await waitingRequest(ctx, customer);
      const letters = async (moment: string) =>
        (await ctx.db.select().from(outbox).where(eq(outbox.dedupeKey, `mail:alternatives:${moment}:${id}`))).map((r) => r.payload as { to: string; lines: string[]; link: { path: string } });
      const [placed] = await letters('placed');
      assert.ok(placed, 'a letter is queued with the request');
      assert.equal(placed.to, 'anna@example.test');
      assert.ok(placed.lines.some((l) => l.includes(`«Экскурсия ${INSTANT}»`)), JSON.stringify(placed.lines));
      assert.equal(placed.link.path, `/account/user/${id}`);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${id}/decline`, partner, { reason: 'weather' })).status, 200);
      assert.equal((await letters('declined')).length, 1);
    });
  });
}
