// Issue 32 §1: a group that gathers — a minimum per excursion (overridable per slot) decided before the start: the
// lifecycle worker confirms a gathered slot or cancels it with full refunds and the nearest slots offered; the partner
// may confirm below the minimum; two customers taking the last seats at once never overbook.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { excursionSlotsChannel, ORDER_GATHERING_EVENT, SLOT_SEATS_EVENT, type SlotSeatsPayload } from '@excursio/shared/contracts';
import { events, notifications, orderRefunds, orders } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { bookedSeats, call, cancelSlotsSoon, createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, OTHER_PARTNER_PHONE, otherCustomerToken, postOrder } from './orders-support';
import { call as send } from './partner-misc-support';

const SLUG = 'serdtse-stolitsy';
const GROUP = '/api/excursion/partner/calendar/group';
const TWO = { participants: [{ code: 'adult', count: 2 }] };

async function setMinimum(ctx: TestContext, partner: string, groupMin: number | null, hours = 24) {
  const res = await send(ctx, 'PUT', GROUP, partner, { excursion_id: await excursionIdOf(ctx, SLUG), group_min: groupMin, decision_hours: hours });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

async function gatheringOn(ctx: TestContext, slot: number) {
  const list = (await call(ctx, 'GET', `/api/excursion/public/excursions/${await excursionIdOf(ctx, SLUG)}/events`)).body.data as Array<{ id: number; gathering: unknown }>;
  return list.find((e) => e.id === slot)?.gathering;
}

async function paidOrder(ctx: TestContext, token: string, slot: number, over: Record<string, unknown> = {}) {
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, SLUG), slot, over));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.data.id as number;
  const started = await call(ctx, 'POST', `${ORDER}/${id}/pay`, token);
  await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${started.body.data.payment_id}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  return (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;
}

const noticesOf = async (ctx: TestContext, type: string) => ctx.db.select().from(notifications).where(eq(notifications.type, type));

for (const kind of databaseKinds()) {
  describe(`a group that gathers [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('the partner sets a minimum (a slot may override it); the catalog and the order say how far the group is', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await excursionIdOf(ctx, SLUG);
      assert.equal((await send(ctx, 'PUT', GROUP, partner, { excursion_id: id, group_min: 13, decision_hours: 24 })).status, 422, 'above the group size');
      assert.equal((await send(ctx, 'PUT', GROUP, await ctx.tokenFor(OTHER_PARTNER_PHONE), { excursion_id: id, group_min: 6, decision_hours: 24 })).status, 404);
      assert.equal((await send(ctx, 'PUT', GROUP, customer, { excursion_id: id, group_min: 6, decision_hours: 24 })).status, 403);
      const rule = await setMinimum(ctx, partner, 6, 24);
      assert.deepEqual([rule.group_min, rule.group_decision_hours], [6, 24]);

      const slot = await createSlot(ctx, SLUG, { startsIn: 72 * HOUR_MS, capacity: 10 });
      const before = (await gatheringOn(ctx, slot)) as { min: number; booked: number; confirmed: boolean; decides_at: string };
      assert.deepEqual([before.min, before.booked, before.confirmed], [6, 0, false]);
      const [row] = await ctx.db.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, slot));
      assert.equal(Date.parse(before.decides_at), row!.startsAt.getTime() - 24 * HOUR_MS);

      const order = await paidOrder(ctx, customer, slot);
      assert.deepEqual([order.gathering.min, order.gathering.booked], [6, 3]);
      const patched = await send(ctx, 'PATCH', '/api/excursion/partner/calendar/slots', partner, { ids: [slot], group_min: 4 });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.deepEqual([patched.body.data[0].gathering.min, patched.body.data[0].group_min], [4, 4]);
      assert.equal(((await gatheringOn(ctx, slot)) as { min: number }).min, 4, 'the slot’s own minimum');

      await setMinimum(ctx, partner, null);
      await send(ctx, 'PATCH', '/api/excursion/partner/calendar/slots', partner, { ids: [slot], group_min: null });
      assert.equal(await gatheringOn(ctx, slot), null, 'no minimum: the slot runs whatever the number');
    });

    it('the excursion form sets the minimum and its decision time: refused in Russian, saved, and the calendar shows it', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await excursionIdOf(ctx, SLUG);
      const FORM = `/api/excursion/partner/excursions/${id}`;
      const refused = async (body: Record<string, unknown>, field: string, message: string) => {
        const res = await send(ctx, 'PUT', FORM, partner, body);
        assert.equal(res.status, 422, JSON.stringify(res.body));
        assert.deepEqual(res.body.errors[field], [message]);
      };
      await refused({ group_min: 13 }, 'group_min', 'Минимум не может быть больше размера группы (12).');
      await refused({ group_min: 1 }, 'group_min', 'Минимум — целое число от 2 человек, или оставьте поле пустым.');
      await refused({ group_min: 4, group_decision_hours: 0 }, 'decision_hours', 'Срок решения — целое число часов от 1 до 168.');
      await refused({ group_min: 4, group_decision_hours: 169 }, 'decision_hours', 'Срок решения — целое число часов от 1 до 168.');
      assert.equal((await send(ctx, 'PUT', FORM, await ctx.tokenFor(OTHER_PARTNER_PHONE), { group_min: 4 })).status, 404, 'another partner’s excursion');

      const saved = await send(ctx, 'PUT', FORM, partner, { group_min: 4, group_decision_hours: 36 });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const form = (await send(ctx, 'GET', FORM, partner)).body.data;
      assert.deepEqual([form.group_min, form.group_decision_hours], [4, 36]);
      const calendar = (await send(ctx, 'GET', `/api/excursion/partner/calendar?from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString().slice(0, 10)}`, partner)).body.data.excursions as Array<{ id: number; group_min: number; group_decision_hours: number }>;
      assert.deepEqual(calendar.filter((e) => e.id === id).map((e) => [e.group_min, e.group_decision_hours]), [[4, 36]]);
      // a smaller group than the minimum is refused on the group size; lifting the minimum allows it
      await refused({ group_size_max: 3 }, 'group_size_max', 'Минимум не может быть больше размера группы (3).');
      assert.equal((await send(ctx, 'PUT', FORM, partner, { group_min: null })).status, 200);
      const slot = await createSlot(ctx, SLUG, { startsIn: 72 * HOUR_MS, capacity: 10 });
      assert.equal(await gatheringOn(ctx, slot), null);
    });

    it('two customers taking the last seats of a gathering group at once: never over capacity, the group counts both', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await setMinimum(ctx, partner, 6);
      const first = await ctx.tokenFor(CUSTOMER_PHONE);
      const second = await otherCustomerToken(ctx);
      const id = await excursionIdOf(ctx, SLUG);

      // 4 of 6 booked, 2 seats left: two orders of 2 at once — one gets them, the other is refused
      const tight = await createSlot(ctx, SLUG, { startsIn: 72 * HOUR_MS, capacity: 6, booked: 4 });
      const race = await Promise.all([postOrder(ctx, first, orderBody(id, tight, TWO)), postOrder(ctx, second, orderBody(id, tight, TWO))]);
      const statuses = race.map((r) => r.status).sort();
      assert.equal(statuses[0], 201, JSON.stringify(race.map((r) => r.body)));
      assert.ok(statuses[1] === 409 || statuses[1] === 422, `the second is refused: ${JSON.stringify(race.map((r) => r.body))}`);
      assert.equal(await bookedSeats(ctx, tight), 6);
      const full = (await gatheringOn(ctx, tight)) as { booked: number; min: number };
      assert.deepEqual([full.booked, full.min], [6, 6], 'gathered: 6 of 6');

      // room for both: both count towards the minimum
      const roomy = await createSlot(ctx, SLUG, { startsIn: 72 * HOUR_MS, capacity: 10, booked: 2 });
      const both = await Promise.all([postOrder(ctx, first, orderBody(id, roomy, TWO)), postOrder(ctx, second, orderBody(id, roomy, TWO))]);
      assert.deepEqual(both.map((r) => r.status), [201, 201]);
      assert.equal(((await gatheringOn(ctx, roomy)) as { booked: number }).booked, 6);
    });

    it('at the decision time a gathered slot is confirmed and everyone told «Группа собралась»; before it nothing happens', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await setMinimum(ctx, partner, 3, 24);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const early = await createSlot(ctx, SLUG, { startsIn: 72 * HOUR_MS, capacity: 10 });
      const due = await createSlot(ctx, SLUG, { startsIn: 20 * HOUR_MS, capacity: 10 });
      await paidOrder(ctx, customer, early);
      const order = await paidOrder(ctx, customer, due);
      assert.equal(order.gathering.confirmed, false);

      await ctx.app.lifecycle.runOnce(new Date());
      const after = (await call(ctx, 'GET', `${ORDER}/${order.id}`, customer)).body.data;
      assert.equal(after.status, 'confirmed');
      assert.equal(after.gathering.confirmed, true);
      const told = (await noticesOf(ctx, 'client_group_gathered')).filter((n) => (n.data as { order_id?: number }).order_id === order.id);
      assert.equal(told.length, 1);
      assert.match(told[0]!.text, /^Группа собралась/);
      assert.equal(((await gatheringOn(ctx, early)) as { confirmed: boolean }).confirmed, false, 'not decided before its time');
      await ctx.app.lifecycle.runOnce(new Date());
      assert.equal((await noticesOf(ctx, 'client_group_gathered')).filter((n) => (n.data as { order_id?: number }).order_id === order.id).length, 1, 'decided once');
    });

    it('below the minimum at the decision time: the slot is cancelled, paid orders refunded in full, the nearest slots offered', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await setMinimum(ctx, partner, 6, 24);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const due = await createSlot(ctx, SLUG, { startsIn: 20 * HOUR_MS, capacity: 10 });
      const next = await createSlot(ctx, SLUG, { startsIn: 50 * HOUR_MS, capacity: 10 });
      // the nearest slots are offered: none of the seed's before this test's own
      await cancelSlotsSoon(ctx, SLUG, 51 * HOUR_MS, [due, next]);
      const order = await paidOrder(ctx, customer, due);
      assert.ok(order.prepayment > 0);

      await ctx.app.lifecycle.runOnce(new Date());
      const after = (await call(ctx, 'GET', `${ORDER}/${order.id}`, customer)).body.data;
      assert.equal(after.status, 'cancelled_by_partner');
      assert.equal(after.refund_amount, order.prepayment, 'refunded in full');
      assert.match(after.history.at(-1).reason, /Группа не набралась: записалось 3 из 6/);
      assert.ok(after.next_slots.some((s: { event_id: number }) => s.event_id === next), 'the nearest slots of the same excursion are offered');
      assert.ok(!after.next_slots.some((s: { event_id: number }) => s.event_id === due));
      const refunds = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
      assert.deepEqual(refunds.map((r) => r.amount), [order.prepayment]);
      const [slot] = await ctx.db.select().from(events).where(eq(events.id, due));
      assert.deepEqual([slot!.status, slot!.bookedSeats], ['cancelled', 0]);
      assert.equal((await noticesOf(ctx, 'partner_group_cancelled')).filter((n) => n.text.includes('записалось 3 из 6')).length, 1);
    });

    it('live as others join: each booking, cancellation and decision of a gathering slot is pushed to the catalog and the booked', async () => {
      const published: Array<{ channel: string; event: string; data: unknown }> = [];
      const server = ctx.app.realtime;
      const deliver = server.publish.bind(server);
      server.publish = async (channel, event, data, options) => {
        for (const one of typeof channel === 'string' ? [channel] : channel) published.push({ channel: one, event, data });
        return deliver(channel, event, data, options);
      };
      try {
        const partner = await ctx.tokenFor(PARTNER_PHONE);
        await setMinimum(ctx, partner, 6, 24);
        const first = await ctx.tokenFor(CUSTOMER_PHONE);
        const second = await otherCustomerToken(ctx);
        const id = await excursionIdOf(ctx, SLUG);
        const slot = await createSlot(ctx, SLUG, { startsIn: 20 * HOUR_MS, capacity: 10 });
        const firstOrder = await paidOrder(ctx, first, slot);
        const [firstCustomer] = await ctx.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, firstOrder.id));
        const catalog = () => published.filter((p) => p.channel === excursionSlotsChannel(id) && p.event === SLOT_SEATS_EVENT).map((p) => p.data as SlotSeatsPayload);
        const ofFirst = () =>
          published
            .filter((p) => p.channel === userChannel(firstCustomer!.customerId) && p.event === ORDER_GATHERING_EVENT)
            .map((p) => p.data as { order_id: number; gathering: { booked: number; min: number; confirmed: boolean } });
        assert.deepEqual(catalog().at(-1), { event_id: slot, active: true, seats_left: 7, bookable: 7, gathering: catalog().at(-1)!.gathering });
        assert.deepEqual([catalog().at(-1)!.gathering!.booked, catalog().at(-1)!.gathering!.min], [3, 6]);

        // the second customer books 2: the first one's order page is told 5 of 6 (and only about their own order)
        const before = published.length;
        const created = await postOrder(ctx, second, orderBody(id, slot, TWO));
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.deepEqual(ofFirst().at(-1), { order_id: firstOrder.id, gathering: { ...firstOrder.gathering, booked: 5 } });
        assert.equal(catalog().at(-1)!.seats_left, 5);
        const privateOnes = published.slice(before).filter((p) => p.event === ORDER_GATHERING_EVENT);
        assert.ok(privateOnes.every((p) => (p.data as { order_id: number }).order_id !== created.body.data.id || p.channel !== userChannel(firstCustomer!.customerId)), 'never another customer’s order on my channel');

        // the second cancels: back to 3 of 6
        const cancelled = await call(ctx, 'POST', `${ORDER}/${created.body.data.id}/cancel`, second, {});
        assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
        assert.equal(ofFirst().at(-1)!.gathering.booked, 3);
        assert.equal(catalog().at(-1)!.seats_left, 7);

        // the decision: below the minimum, the slot is no longer offered
        await ctx.app.lifecycle.runOnce(new Date());
        assert.deepEqual(catalog().at(-1), { event_id: slot, active: false, seats_left: 10, bookable: 0, gathering: null });
        // a slot without a minimum: the catalog still follows its seats, nobody's order page is told of a group
        await setMinimum(ctx, partner, null);
        const plain = await createSlot(ctx, SLUG, { startsIn: 72 * HOUR_MS, capacity: 10 });
        const pushedPrivately = published.filter((p) => p.event === ORDER_GATHERING_EVENT).length;
        await paidOrder(ctx, first, plain);
        assert.deepEqual(catalog().at(-1), { event_id: plain, active: true, seats_left: 7, bookable: 7, gathering: null });
        assert.equal(published.filter((p) => p.event === ORDER_GATHERING_EVENT).length, pushedPrivately);
      } finally {
        server.publish = deliver;
      }
    });

    it('the partner confirms a slot below the minimum before the decision: it runs', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await setMinimum(ctx, partner, 6, 24);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const due = await createSlot(ctx, SLUG, { startsIn: 20 * HOUR_MS, capacity: 10 });
      const order = await paidOrder(ctx, customer, due);
      const confirm = (token: string) => send(ctx, 'POST', `/api/excursion/partner/calendar/slots/${due}/confirm-group`, token);
      assert.equal((await confirm(await ctx.tokenFor(OTHER_PARTNER_PHONE))).status, 404);
      const confirmed = await confirm(partner);
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      assert.equal(confirmed.body.data[0].gathering.confirmed, true);
      assert.equal((await confirm(partner)).status, 422, 'once');
      const told = (await noticesOf(ctx, 'client_group_gathered')).filter((n) => (n.data as { order_id?: number }).order_id === order.id);
      assert.equal(told.length, 1, 'the booked customer is told');

      await ctx.app.lifecycle.runOnce(new Date());
      const after = (await call(ctx, 'GET', `${ORDER}/${order.id}`, customer)).body.data;
      assert.equal(after.status, 'confirmed', 'not cancelled at the decision time');
      await setMinimum(ctx, partner, null);
      const plain = await createSlot(ctx, SLUG, { startsIn: 30 * HOUR_MS });
      assert.equal((await send(ctx, 'POST', `/api/excursion/partner/calendar/slots/${plain}/confirm-group`, partner)).status, 422, 'no minimum to confirm');
    });
  });
}
