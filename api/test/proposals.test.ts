// Issue 32 §2: the guide proposes other times; the customer takes one (seats re-checked, reschedule rules settle the
// money) or refuses them all (cancelled, refunded in full). Proposals expire with the request's deadline.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { chatMessages, events, excursions, notifications, orderProposals, orderRefunds, orders } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { bookedSeats, call, createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, OTHER_PARTNER_PHONE, otherCustomerToken, postOrder } from './orders-support';

const PARTNER_ORDER = '/api/excursion/partner/order';
const ON_REQUEST = 'moskva-s-detmi';
const INSTANT = 'serdtse-stolitsy';

async function placed(ctx: TestContext, token: string, slug: string, startsIn = 72 * HOUR_MS, capacity = 10) {
  const slot = await createSlot(ctx, slug, { startsIn, capacity });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, slug), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.data.id as number, slot, seats: created.body.data.seats as number };
}

const noticesOf = async (ctx: TestContext, orderId: number, type: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.type, type))).filter((n) => (n.data as { order_id?: number }).order_id === orderId);

async function payAndConfirm(ctx: TestContext, token: string, orderId: number) {
  const started = await call(ctx, 'POST', `${ORDER}/${orderId}/pay`, token);
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/test/${started.body.data.payment_id}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  assert.ok(paid.statusCode < 400);
  const order = (await call(ctx, 'GET', `${ORDER}/${orderId}`, token)).body.data;
  assert.equal(order.status, 'confirmed');
  return order;
}

for (const kind of databaseKinds()) {
  describe(`the guide proposes other times [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('a request: the partner proposes a slot and a new time; the customer sees them in the order and the chat and takes one', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, ON_REQUEST));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { id, slot, seats } = await placed(ctx, customer, ON_REQUEST);
      const later = await createSlot(ctx, ON_REQUEST, { startsIn: 96 * HOUR_MS, capacity: 10 });
      const small = await createSlot(ctx, ON_REQUEST, { startsIn: 100 * HOUR_MS, capacity: 10, booked: 9 });

      const options = (await call(ctx, 'GET', `${PARTNER_ORDER}/${id}/proposal/options`, partner)).body.data;
      assert.equal(options.reason, null);
      assert.ok(options.slots.some((s: { event_id: number }) => s.event_id === later));
      assert.ok(!options.slots.some((s: { event_id: number }) => s.event_id === slot), 'not its own slot');
      assert.ok(!options.slots.some((s: { event_id: number }) => s.event_id === small), 'not a slot the order does not fit');

      const day = new Date(Date.now() + 8 * 24 * HOUR_MS).toISOString().slice(0, 10);
      const proposed = await call(ctx, 'POST', `${PARTNER_ORDER}/${id}/proposal`, partner, {
        event_ids: [later],
        new_times: [{ date: day, time: '11:30' }],
        message: 'В субботу я занят, могу в эти дни.',
      });
      assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
      assert.equal(proposed.body.data.status, 'awaiting_confirmation', 'nothing moves before the customer chooses');
      const proposal = proposed.body.data.proposal;
      assert.equal(proposal.slots.length, 2);
      assert.equal(proposal.slots[0].event_id, later);
      assert.match(proposal.slots[1].label, /11:30/);
      const created = await ctx.db.select().from(events).where(eq(events.id, proposal.slots[1].event_id));
      assert.equal(created[0]!.capacity, 10, 'a new time became a slot sized like the order’s');
      assert.equal(proposal.expires_at, proposed.body.data.respond_by, 'it expires with the request');

      const seen = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data;
      assert.deepEqual(seen.proposal.slots.map((s: { event_id: number }) => s.event_id), proposal.slots.map((s: { event_id: number }) => s.event_id));
      assert.equal((await noticesOf(ctx, id, 'client_order_proposal')).length, 1);
      const thread = (await call(ctx, 'GET', `/api/excursion/chat/${id}/messages`, customer)).body.data;
      const carrying = thread.messages.find((m: { proposal?: unknown }) => m.proposal);
      assert.ok(carrying, 'the chat message carries the proposal');
      assert.equal(carrying.sender_type, 'partner');
      assert.equal(carrying.proposal.status, 'pending');

      const stranger = await otherCustomerToken(ctx);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, stranger, { event_id: later })).status, 404);
      const notProposed = await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: small });
      assert.equal(notProposed.status, 422);

      const taken = await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: later });
      assert.equal(taken.status, 200, JSON.stringify(taken.body));
      assert.equal(taken.body.data.status, 'awaiting_payment', 'the guide proposed it: the request is accepted there');
      assert.equal(taken.body.data.event.id, later);
      assert.equal(taken.body.data.proposal, null);
      assert.ok(taken.body.data.payment_due_at);
      assert.equal(await bookedSeats(ctx, later), seats, 'the seats are taken on the chosen slot');
      assert.equal(await bookedSeats(ctx, slot), 0, 'a request held none on the old one');
      assert.equal((await noticesOf(ctx, id, 'partner_order_rescheduled')).length, 1);
      const after = (await call(ctx, 'GET', `/api/excursion/chat/${id}/messages`, customer)).body.data;
      assert.equal(after.messages.find((m: { proposal?: unknown }) => m.proposal).proposal.status, 'accepted');
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: later })).status, 422, 'once');
    });

    it('a proposal accepted after the slot filled: 409, nothing moves, another proposed time still works', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, ON_REQUEST));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { id, slot, seats } = await placed(ctx, customer, ON_REQUEST);
      const first = await createSlot(ctx, ON_REQUEST, { startsIn: 96 * HOUR_MS, capacity: 4 });
      const second = await createSlot(ctx, ON_REQUEST, { startsIn: 120 * HOUR_MS, capacity: 10 });
      const proposed = await call(ctx, 'POST', `${PARTNER_ORDER}/${id}/proposal`, partner, { event_ids: [first, second], message: 'Есть два окна.' });
      assert.equal(proposed.status, 200, JSON.stringify(proposed.body));

      // meanwhile someone else takes the seats of the first one
      await ctx.db.update(events).set({ bookedSeats: 4 - seats + 1 }).where(eq(events.id, first));
      const late = await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: first });
      assert.equal(late.status, 409, JSON.stringify(late.body));
      assert.match(late.body.message, /мест уже не осталось/);
      const unchanged = (await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data;
      assert.deepEqual([unchanged.status, unchanged.event.id], ['awaiting_confirmation', slot]);
      assert.equal(unchanged.proposal.status, 'pending', 'the proposal is still open');
      assert.equal(await bookedSeats(ctx, first), 4 - seats + 1);

      const ok = await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: second });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.data.event.id, second);
    });

    it('a paid order moved by the guide: the reschedule rules settle the price, the prepayment stays as paid', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { id, slot, seats } = await placed(ctx, customer, INSTANT);
      const before = await payAndConfirm(ctx, customer, id);
      const dearer = await createSlot(ctx, INSTANT, { startsIn: 96 * HOUR_MS, capacity: 10, priceOverride: 3000 });
      const proposed = await call(ctx, 'POST', `${PARTNER_ORDER}/${id}/proposal`, partner, { event_ids: [dearer], message: 'Придётся перенести.' });
      assert.equal(proposed.status, 200, JSON.stringify(proposed.body));
      const offer = proposed.body.data.proposal.slots[0];
      assert.equal(offer.difference, offer.total - before.total);
      assert.ok(offer.total > before.total, 'the dearer slot costs more');

      const moved = await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: dearer });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual([moved.body.data.status, moved.body.data.event.id, moved.body.data.total], ['confirmed', dearer, offer.total]);
      assert.equal(moved.body.data.prepayment, before.prepayment, 'the paid prepayment stays as paid; the difference goes to the guide on site');
      assert.equal(await bookedSeats(ctx, dearer), seats);
      assert.equal(await bookedSeats(ctx, slot), 0);
      assert.equal((await noticesOf(ctx, id, 'client_order_rescheduled')).length, 1);
    });

    it('«Ни одно не подходит» cancels the order with a full refund, even close to the start', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      // 10 hours before the start a customer's own cancellation returns 50 %
      const { id, slot } = await placed(ctx, customer, INSTANT, 10 * HOUR_MS);
      const paid = await payAndConfirm(ctx, customer, id);
      assert.equal(paid.cancellation.refund_percent, 50);
      const other = await createSlot(ctx, INSTANT, { startsIn: 50 * HOUR_MS, capacity: 10 });
      assert.equal((await call(ctx, 'POST', `${PARTNER_ORDER}/${id}/proposal`, partner, { event_ids: [other], message: 'Гид заболел.' })).status, 200);

      const refused = await call(ctx, 'POST', `${ORDER}/${id}/proposal/refuse`, customer);
      assert.equal(refused.status, 200, JSON.stringify(refused.body));
      assert.equal(refused.body.data.status, 'cancelled_by_customer');
      assert.equal(refused.body.data.refund_amount, paid.prepayment, 'refunded in full');
      assert.equal(refused.body.data.payment.status, 'refunded');
      assert.equal(await bookedSeats(ctx, slot), 0);
      const refunds = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
      assert.deepEqual(refunds.map((r) => r.amount), [paid.prepayment]);
      const [proposal] = await ctx.db.select().from(orderProposals).where(eq(orderProposals.orderId, id));
      assert.equal(proposal!.status, 'refused');
      assert.equal((await noticesOf(ctx, id, 'partner_order_cancelled')).length, 1, 'the guide is told');
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/proposal/refuse`, customer)).status, 422, 'once');
    });

    it('refuses what cannot be proposed; only the order’s partner proposes', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, ON_REQUEST));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { id, slot } = await placed(ctx, customer, ON_REQUEST);
      const a = await createSlot(ctx, ON_REQUEST, { startsIn: 80 * HOUR_MS });
      const b = await createSlot(ctx, ON_REQUEST, { startsIn: 90 * HOUR_MS });
      const c = await createSlot(ctx, ON_REQUEST, { startsIn: 100 * HOUR_MS });
      const d = await createSlot(ctx, ON_REQUEST, { startsIn: 110 * HOUR_MS });
      const elsewhere = await createSlot(ctx, INSTANT, { startsIn: 100 * HOUR_MS });
      const propose = (token: string, body: object) => call(ctx, 'POST', `${PARTNER_ORDER}/${id}/proposal`, token, body);
      assert.equal((await propose(partner, { event_ids: [], message: 'Нет' })).status, 422, 'nothing proposed');
      assert.equal((await propose(partner, { event_ids: [a, b, c, d], message: 'Много' })).status, 422, 'more than three');
      assert.equal((await propose(partner, { event_ids: [a, b], new_times: [{ date: '2099-01-01', time: '10:00' }, { date: '2099-01-02', time: '10:00' }], message: 'Много' })).status, 422);
      assert.equal((await propose(partner, { event_ids: [a], message: '   ' })).status, 422, 'a message is needed');
      assert.equal((await propose(partner, { event_ids: [slot], message: 'То же' })).status, 422, 'its own slot');
      assert.equal((await propose(partner, { event_ids: [elsewhere], message: 'Чужое' })).status, 422, 'another excursion’s slot');
      assert.equal((await propose(partner, { new_times: [{ date: '2020-01-01', time: '10:00' }], message: 'Прошлое' })).status, 422, 'a past time');
      assert.equal((await propose(await ctx.tokenFor(OTHER_PARTNER_PHONE), { event_ids: [a], message: 'Чужой' })).status, 404);
      assert.equal((await propose(customer, { event_ids: [a], message: 'Я клиент' })).status, 403);
      assert.equal((await ctx.db.select().from(orderProposals).where(eq(orderProposals.orderId, id))).length, 0, 'nothing stored');
      assert.equal((await ctx.db.select().from(chatMessages).where(eq(chatMessages.orderId, id))).length, 0);

      // a second proposal replaces the first
      assert.equal((await propose(partner, { event_ids: [a], message: 'Первое' })).status, 200);
      const again = await propose(partner, { event_ids: [b, c], message: 'Второе' });
      assert.equal(again.status, 200);
      const rows = await ctx.db.select().from(orderProposals).where(eq(orderProposals.orderId, id));
      assert.deepEqual(rows.map((r) => r.status).sort(), ['pending', 'withdrawn']);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: a })).status, 422, 'the withdrawn time');
    });

    it('a proposal expires with the request: no answer after the deadline, the sweep marks it', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, ON_REQUEST));
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { id } = await placed(ctx, customer, ON_REQUEST);
      const later = await createSlot(ctx, ON_REQUEST, { startsIn: 96 * HOUR_MS });
      assert.equal((await call(ctx, 'POST', `${PARTNER_ORDER}/${id}/proposal`, partner, { event_ids: [later], message: 'Могу так' })).status, 200);
      const past = new Date(Date.now() - 60_000);
      await ctx.db.update(orders).set({ respondBy: past }).where(eq(orders.id, id));
      await ctx.db.update(orderProposals).set({ expiresAt: past }).where(eq(orderProposals.orderId, id));
      const late = await call(ctx, 'POST', `${ORDER}/${id}/proposal/accept`, customer, { event_id: later });
      assert.equal(late.status, 422);
      assert.equal(await bookedSeats(ctx, later), 0);
      assert.equal((await call(ctx, 'GET', `${ORDER}/${id}`, customer)).body.data.proposal, null);
      await ctx.app.lifecycle.runOnce(new Date());
      const [row] = await ctx.db.select().from(orderProposals).where(eq(orderProposals.orderId, id));
      assert.equal(row!.status, 'expired');
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      assert.equal(order!.status, 'expired');
    });
  });
}
