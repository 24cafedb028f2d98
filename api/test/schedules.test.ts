// Issue 12, the partner's calendar: recurring schedules make slots on the city's clock (three zones and a DST change),
// overlaps are refused, many slots change at once, closing days decides their orders, the cut-off closes bookings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, gte } from 'drizzle-orm';
import { dayKeyIn, formatClock } from '@excursio/shared/time';
import { cities, events, excursions, notifications, orders } from '../src/db/schema';
import { extendSchedules } from '../src/features/schedules/generation';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { createSlot, excursionIdOf, HOUR_MS, orderBody, OTHER_PARTNER_PHONE, postOrder } from './orders-support';
import { call } from './partner-misc-support';

const C = '/api/excursion/partner/calendar';
const DAY_MS = 24 * HOUR_MS;

const setZone = (ctx: TestContext, zone: string) => ctx.db.update(cities).set({ timeZone: zone }).where(eq(cities.slug, 'moskva'));
const ruleSlots = (ctx: TestContext, excursionId: number) =>
  ctx.db.select().from(events).where(and(eq(events.excursionId, excursionId), gte(events.startsAt, new Date(Date.now() - DAY_MS)))).then((rows) => rows.filter((r) => r.ruleId !== null));

// (schedules here are about making slots: `allow_overlap` lets them run beside the seeded slots of the same guide;
// the question asked before that is tested in slot-booking-rule.test.ts)
for (const kind of databaseKinds()) {
  describe(`partner calendar: schedules, slots, closed days [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('makes slots at 10:00 on the city’s clock in Tbilisi and Irkutsk, and across a DST change in Berlin', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const today = dayKeyIn(new Date(), 'UTC');
      for (const [zone, slug] of [['Asia/Tbilisi', 'serdtse-stolitsy'], ['Asia/Irkutsk', 'moskva-s-detmi']] as const) {
        await setZone(ctx, zone);
        const id = await excursionIdOf(ctx, slug);
        const made = await call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: id, weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['10:00'], valid_from: today, capacity: 8, allow_overlap: true });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        const slots = await ruleSlots(ctx, id);
        assert.ok(slots.length >= 59 && slots.length <= 61, `${slots.length} slots over the horizon`);
        assert.ok(slots.every((s) => formatClock(s.startsAt, zone) === '10:00'), `10:00 in ${zone}`);
        assert.ok(slots.every((s) => s.capacity === 8));
      }
      // Berlin (the data has no zone with daylight saving: a test city takes one): 10:00 is 09:00 UTC in March before
      // the change and 08:00 UTC after it.
      await setZone(ctx, 'Europe/Berlin');
      const clock = ctx.app.lifecycle.clock;
      clock.advance(Date.parse('2027-03-20T12:00:00Z') - Date.now());
      try {
        const id = await excursionIdOf(ctx, 'tainy-zamoskvorechya');
        const made = await call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: id, weekdays: [6, 7], times: ['10:00'], valid_from: '2027-03-20', valid_to: '2027-04-04', capacity: 5, allow_overlap: true });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        const utc = (await ruleSlots(ctx, id)).map((s) => s.startsAt.toISOString()).sort();
        assert.deepEqual(utc, ['2027-03-21T09:00:00.000Z', '2027-03-27T09:00:00.000Z', '2027-03-28T08:00:00.000Z', '2027-04-03T08:00:00.000Z', '2027-04-04T08:00:00.000Z']);
      } finally {
        clock.reset();
        await setZone(ctx, 'Europe/Moscow');
        // the schedules of this test go (they were made on other clocks)
        for (const slug of ['serdtse-stolitsy', 'moskva-s-detmi', 'tainy-zamoskvorechya']) {
          const excursionId = await excursionIdOf(ctx, slug);
          for (const rule of (await call(ctx, 'GET', `${C}/schedules?excursion_id=${excursionId}`, partner)).body.data.rules) {
            assert.equal((await call(ctx, 'DELETE', `${C}/schedules/${rule.id}`, partner)).status, 200);
          }
        }
      }
    });

    it('refuses a schedule that overlaps another, naming it; keeps generation idempotent and extends it day by day', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const today = dayKeyIn(new Date(), 'Europe/Moscow');
      const first = await call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: id, weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['10:00'], valid_from: today, capacity: 8, allow_overlap: true });
      assert.equal(first.status, 201);
      const clash = await call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: id, weekdays: [3], times: ['10:00', '18:00'], valid_from: today, capacity: 4 });
      assert.equal(clash.status, 422);
      assert.match(clash.body.errors.times[0], /^Пересекается с расписанием: пн, вт, ср, чт, пт, сб, вс в 10:00, с /);
      const fine = await call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: id, weekdays: [3], times: ['18:00'], valid_from: today, capacity: 4, allow_overlap: true });
      assert.equal(fine.status, 201);
      assert.equal(fine.body.data.rules.length, 2);
      assert.match(fine.body.data.rules[1].summary, /^ср в 18:00, с /);

      const before = (await ruleSlots(ctx, id)).length;
      assert.equal(await extendSchedules(ctx.db, new Date()), 0, 'nothing new the same day');
      assert.equal((await ruleSlots(ctx, id)).length, before);
      const made = await extendSchedules(ctx.db, new Date(Date.now() + 7 * DAY_MS));
      assert.ok(made >= 7, 'a week later the horizon has moved on');
    });

    it('edits many slots at once, all or none: never below the seats sold; a closed slot leaves the catalog at once', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const sold = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 50 * HOUR_MS, capacity: 10, booked: 3 });
      const free = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 52 * HOUR_MS, capacity: 10 });
      const low = await call(ctx, 'PATCH', `${C}/slots`, partner, { ids: [sold, free], capacity: 2 });
      assert.equal(low.status, 422);
      assert.match(low.body.errors.capacity[0], /продано 3/);
      assert.equal((await ctx.db.query.events.findFirst({ where: eq(events.id, free) }))!.capacity, 10, 'none changed');

      const priced = await call(ctx, 'PATCH', `${C}/slots`, partner, { ids: [sold, free], capacity: 6, price_override: 3100 });
      assert.equal(priced.status, 200, JSON.stringify(priced.body));
      assert.deepEqual(priced.body.data.map((s: { capacity: number; price: number }) => [s.capacity, s.price]), [[6, 3100], [6, 3100]]);

      await call(ctx, 'GET', `/api/excursion/public/excursions/${id}/events`); // cached
      assert.equal((await call(ctx, 'PATCH', `${C}/slots`, partner, { ids: [free], status: 'closed' })).status, 200);
      const offered = (await call(ctx, 'GET', `/api/excursion/public/excursions/${id}/events`)).body.data.map((e: { id: number }) => e.id);
      assert.ok(!offered.includes(free), 'the closed slot is gone from the catalog');
      assert.equal((await postOrder(ctx, customer, orderBody(id, free))).status, 422);

      const stranger = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      assert.equal((await call(ctx, 'PATCH', `${C}/slots`, stranger, { ids: [free], capacity: 3 })).status, 404);
      assert.equal((await call(ctx, 'PATCH', `${C}/slots`, customer, { ids: [free], capacity: 3 })).status, 403);
      assert.equal((await call(ctx, 'GET', `${C}/schedules?excursion_id=${id}`, stranger)).status, 404);
    });

    it('closing a day with a paid order asks first, then cancels it with the reason (refunded, told) or keeps it', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'moskva-s-detmi');
      await ctx.db.update(excursions).set({ instantBooking: true }).where(eq(excursions.id, id));
      const slot = await createSlot(ctx, 'moskva-s-detmi', { startsIn: 200 * HOUR_MS, capacity: 10 });
      const placed = await postOrder(ctx, customer, orderBody(id, slot));
      const orderId = placed.body.data.id as number;
      const pay = await call(ctx, 'POST', `/api/excursion/user/order/${orderId}/pay`, customer);
      await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${pay.body.data.payment_id}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      const day = dayKeyIn(new Date(Date.now() + 200 * HOUR_MS), 'Europe/Moscow');

      const preview = await call(ctx, 'GET', `${C}/closing?excursion_id=${id}&date_from=${day}&date_to=${day}`, partner);
      assert.equal(preview.status, 200);
      assert.deepEqual(preview.body.data.orders.map((o: { id: number; paid: number }) => [o.id, o.paid > 0]), [[orderId, true]]);
      const undecided = await call(ctx, 'POST', `${C}/closing`, partner, { excursion_id: id, date_from: day, date_to: day });
      assert.equal(undecided.status, 409);
      assert.deepEqual(undecided.body.errors.orders, [`№${orderId}`]);
      const noReason = await call(ctx, 'POST', `${C}/closing`, partner, { excursion_id: id, date_from: day, date_to: day, orders: 'cancel' });
      assert.equal(noReason.status, 422);

      const closed = await call(ctx, 'POST', `${C}/closing`, partner, { excursion_id: id, date_from: day, date_to: day, orders: 'cancel', reason: 'Гид заболел' });
      assert.equal(closed.status, 200, JSON.stringify(closed.body));
      const order = await ctx.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
      assert.equal(order!.status, 'cancelled_by_partner');
      assert.ok((order!.refundAmount ?? 0) > 0, 'the prepayment is refunded');
      const told = await ctx.db.select().from(notifications).where(eq(notifications.type, 'client_order_cancelled'));
      assert.ok(told.some((n) => (n.data as { order_id?: number }).order_id === orderId), 'the customer is told');
      assert.equal((await ctx.db.query.events.findFirst({ where: eq(events.id, slot) }))!.status, 'closed');
      assert.equal(closed.body.data.closures.length, 1);

      // the schedule never reopens a closed day; reopening it does
      await call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: id, weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['12:00'], valid_from: dayKeyIn(new Date(), 'Europe/Moscow'), capacity: 6, allow_overlap: true });
      const onDay = async () => (await ruleSlots(ctx, id)).filter((s) => dayKeyIn(s.startsAt, 'Europe/Moscow') === day);
      assert.equal((await onDay()).length, 0);
      const reopened = await call(ctx, 'DELETE', `${C}/closing/${closed.body.data.closures[0].id}`, partner);
      assert.equal(reopened.status, 200);
      assert.equal((await onDay()).length, 1);
      assert.equal((await ctx.db.query.events.findFirst({ where: eq(events.id, slot) }))!.status, 'active');

      // keep: the order stays, the day takes no new orders
      const kept = await postOrder(ctx, customer, orderBody(id, slot));
      const keep = await call(ctx, 'POST', `${C}/closing`, partner, { excursion_id: id, date_from: day, date_to: day, orders: 'keep' });
      assert.equal(keep.status, 200);
      assert.equal((await ctx.db.query.orders.findFirst({ where: eq(orders.id, kept.body.data.id) }))!.status, 'awaiting_payment');
      assert.equal((await ctx.db.query.events.findFirst({ where: eq(events.id, slot) }))!.status, 'closed');
    });

    it('adds a one-off slot on the city’s clock; not in the past, not twice, not on a closed day', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await excursionIdOf(ctx, 'tainy-zamoskvorechya');
      const day = dayKeyIn(new Date(Date.now() + 5 * DAY_MS), 'Europe/Moscow');
      // (other tests leave slots of the same guide around 19:30: the overlap warning is slot-booking-rule.test.ts's)
      const added = await call(ctx, 'POST', `${C}/slots`, partner, { excursion_id: id, date: day, time: '19:30', capacity: 4, price_override: 3500, allow_overlap: true });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.deepEqual([added.body.data[0].day, added.body.data[0].time, added.body.data[0].price, added.body.data[0].rule_id], [day, '19:30', 3500, null]);
      const twice = await call(ctx, 'POST', `${C}/slots`, partner, { excursion_id: id, date: day, time: '19:30', capacity: 4 });
      assert.equal(twice.status, 422);
      assert.deepEqual(twice.body.errors, { time: ['В это время уже есть слот.'] });
      const past = await call(ctx, 'POST', `${C}/slots`, partner, { excursion_id: id, date: '2020-01-01', time: '10:00', capacity: 4 });
      assert.equal(past.status, 422);
      const later = dayKeyIn(new Date(Date.now() + 9 * DAY_MS), 'Europe/Moscow');
      await call(ctx, 'POST', `${C}/closing`, partner, { excursion_id: id, date_from: later, date_to: later });
      assert.equal((await call(ctx, 'POST', `${C}/slots`, partner, { excursion_id: id, date: later, time: '10:00', capacity: 4 })).status, 422);
      const stranger = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      assert.equal((await call(ctx, 'POST', `${C}/slots`, stranger, { excursion_id: id, date: day, time: '20:00', capacity: 4 })).status, 404);
    });

    it('cancels a slot with its orders (the reason shown to the customer), and a slot is closed and opened again', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 80 * HOUR_MS, capacity: 10 });
      const placed = await postOrder(ctx, customer, orderBody(id, slot));
      const orderId = placed.body.data.id as number;
      assert.equal((await call(ctx, 'POST', `${C}/slots/${slot}/cancel`, partner, { reason: ' ' })).status, 422);
      assert.equal((await call(ctx, 'POST', `${C}/slots/${slot}/cancel`, await ctx.tokenFor(OTHER_PARTNER_PHONE), { reason: 'x' })).status, 404);
      const cancelled = await call(ctx, 'POST', `${C}/slots/${slot}/cancel`, partner, { reason: 'Погодные условия' });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const order = await ctx.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
      assert.equal(order!.status, 'cancelled_by_partner');
      assert.equal((await ctx.db.query.events.findFirst({ where: eq(events.id, slot) }))!.status, 'cancelled');
    });

    it('the booking cut-off closes a slot to orders and hides it from the catalog; a request’s deadline respects it', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const soon = await createSlot(ctx, 'serdtse-stolitsy', { startsIn: 1 * HOUR_MS, capacity: 10 });
      await ctx.db.update(events).set({ cutoffMinutes: 120 }).where(eq(events.id, soon));
      const refused = await postOrder(ctx, customer, orderBody(id, soon));
      assert.equal(refused.status, 422);
      assert.match(refused.body.errors.event_id[0], /Запись на это время уже закрыта/);
      const offered = (await call(ctx, 'GET', `/api/excursion/public/excursions/${id}/events`)).body.data.map((e: { id: number }) => e.id);
      assert.ok(!offered.includes(soon));
    });
  });
}
