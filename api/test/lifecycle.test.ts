import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { excursions, notifications, orders, orderStatusHistory, payments, tickets, users } from '../src/db/schema';
import { expireHolds, sweep } from '../src/features/lifecycle/sweeps';
import { createDatabase } from '../src/db/client';
import { localTime } from '../src/db/seed/events';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { bookedSeats, call, createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, otherCustomerToken, postOrder } from './orders-support';

const MINUTE_MS = 60_000;

/** A second connection pool to the suite's PostgreSQL database (what a second api process would hold). */
async function secondPool(ctx: TestContext) {
  const { rows } = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
}

/** An instant-booking order of 3 seats on a fresh slot starting in `startsIn` ms. */
async function instantOrder(ctx: TestContext, token: string, startsIn = 72 * HOUR_MS, capacity = 12) {
  const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity, startsIn });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.data.id as number, slot, body: created.body.data };
}

async function requestOrder(ctx: TestContext, token: string, startsIn = 72 * HOUR_MS) {
  await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
  const slot = await createSlot(ctx, 'moskva-s-detmi', { capacity: 10, startsIn });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'moskva-s-detmi'), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.data.id as number, slot, body: created.body.data };
}

async function startPayment(ctx: TestContext, token: string, orderId: number) {
  const started = await call(ctx, 'POST', `${ORDER}/${orderId}/pay`, token);
  assert.equal(started.status, 200, JSON.stringify(started.body));
  return started.body.data.payment_id as string;
}

const confirmPayment = (app: App, paymentId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/test/${paymentId}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

async function statusOf(ctx: TestContext, orderId: number) {
  const row = await ctx.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  return row!.status;
}

async function historyOf(ctx: TestContext, orderId: number) {
  const rows = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
  return rows.map((r) => `${r.status}:${r.actor}`);
}

async function noticesOf(ctx: TestContext, orderId: number, type: string) {
  return ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, type), sql`${notifications.data}->>'order_id' = ${String(orderId)}`));
}

for (const kind of databaseKinds()) {
  describe(`orders in time: holds, deadlines, completion, reminders [${kind}]`, () => {
    const ctx = useTestApp(kind, { env: { ORDER_MAX_UNPAID_SEATS: '100000', ORDER_CREATE_LIMIT_ACCOUNT: '100000' } });
    const clock = () => ctx.app.lifecycle.clock;

    it('an unpaid order holds its seats for 15 minutes, then expires once and gives them back', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot, body } = await instantOrder(ctx, customer);
      const due = new Date(body.payment_due_at).getTime();
      const expected = ctx.app.lifecycle.clock.now().getTime() + 15 * MINUTE_MS;
      assert.ok(Math.abs(due - expected) < 5_000, `payment_due_at ${body.payment_due_at}`);
      assert.equal(await bookedSeats(ctx, slot), 3);

      assert.equal((await ctx.app.lifecycle.runOnce(new Date(due - 1000))).holdsExpired, 0);
      assert.equal(await statusOf(ctx, id), 'awaiting_payment');

      const report = await ctx.app.lifecycle.runOnce(new Date(due + 1000));
      assert.ok(report.holdsExpired >= 1);
      assert.equal(await statusOf(ctx, id), 'expired');
      assert.equal(await bookedSeats(ctx, slot), 0);
      assert.deepEqual(await historyOf(ctx, id), ['awaiting_payment:client', 'expired:system']);
      assert.equal((await noticesOf(ctx, id, 'client_order_expired')).length, 1);
      assert.equal((await noticesOf(ctx, id, 'partner_order_expired')).length, 1);

      await ctx.app.lifecycle.runOnce(new Date(due + 60_000));
      assert.equal(await bookedSeats(ctx, slot), 0, 'seats are given back once');
      assert.equal((await noticesOf(ctx, id, 'client_order_expired')).length, 1);

      const pay = await call(ctx, 'POST', `${ORDER}/${id}/pay`, customer);
      assert.equal(pay.status, 422);
      assert.match(pay.body.message, /Время на оплату истекло/);
    });

    it('the test payment page tells the time left and, once it is over, offers no payment', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await instantOrder(ctx, customer);
      const paymentId = await startPayment(ctx, customer, id);
      const page = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${paymentId}` });
      assert.match(page.body, /Места за вами до \d\d:\d\d \(время местное, UTC\+3\) — осталось 1[45] минут/);
      assert.match(page.body, /<meta http-equiv="refresh" content="\d+">/);
      clock().advance(16 * MINUTE_MS);
      try {
        const over = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${paymentId}` });
        assert.match(over.body, /Время на оплату истекло/);
        assert.ok(!over.body.includes('/confirm"'), 'no payment button');
      } finally {
        clock().reset();
      }
    });

    it('a payment racing the expiry: either paid with its seats, or expired and refunded — never both', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const outcomes = new Set<string>();
      for (let round = 0; round < 6; round += 1) {
        const { id, slot, body } = await instantOrder(ctx, customer);
        const paymentId = await startPayment(ctx, customer, id);
        const after = new Date(new Date(body.payment_due_at).getTime() + 1000);
        clock().advance(after.getTime() - clock().now().getTime());
        const sweepFirst = round % 2 === 0;
        const racers = sweepFirst
          ? [ctx.app.lifecycle.runOnce(after), confirmPayment(ctx.app, paymentId)]
          : [confirmPayment(ctx.app, paymentId), ctx.app.lifecycle.runOnce(after)];
        await Promise.all(racers);
        clock().reset();
        const status = await statusOf(ctx, id);
        const [payment] = await ctx.db.select().from(payments).where(eq(payments.externalId, paymentId));
        if (status === 'confirmed') {
          assert.equal(payment!.status, 'succeeded');
          assert.equal(await bookedSeats(ctx, slot), 3, 'a paid order keeps its seats');
        } else {
          assert.equal(status, 'expired');
          assert.equal(payment!.status, 'refunded', 'a payment after the expiry is refunded');
          assert.equal(await bookedSeats(ctx, slot), 0);
        }
        outcomes.add(status);
        const expiredSteps = (await historyOf(ctx, id)).filter((s) => s.startsWith('expired'));
        assert.ok(expiredSteps.length <= 1);
      }
      assert.ok(outcomes.size >= 1);
    });

    it('a request gets 24 hours (never past the start), a half-time reminder, then expires and charges nothing', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const far = await requestOrder(ctx, customer, 72 * HOUR_MS);
      const placed = ctx.app.lifecycle.clock.now().getTime();
      const respondBy = new Date(far.body.respond_by).getTime();
      assert.ok(Math.abs(respondBy - (placed + 24 * HOUR_MS)) < 5_000, far.body.respond_by);
      const soon = await requestOrder(ctx, customer, 5 * HOUR_MS);
      assert.ok(Math.abs(new Date(soon.body.respond_by).getTime() - (placed + 5 * HOUR_MS)) < 5_000, soon.body.respond_by);

      const half = new Date(placed + 12 * HOUR_MS + MINUTE_MS);
      await ctx.app.lifecycle.runOnce(half);
      await ctx.app.lifecycle.runOnce(half);
      assert.equal((await noticesOf(ctx, far.id, 'partner_request_reminder')).length, 1, 'reminded once');
      assert.equal(await statusOf(ctx, far.id), 'awaiting_confirmation');

      await ctx.app.lifecycle.runOnce(new Date(respondBy + 1000));
      assert.equal(await statusOf(ctx, far.id), 'expired');
      assert.equal(await statusOf(ctx, soon.id), 'expired');
      assert.deepEqual(await historyOf(ctx, far.id), ['awaiting_confirmation:client', 'expired:system']);
      assert.equal((await noticesOf(ctx, far.id, 'client_order_expired')).length, 1);
      assert.equal((await ctx.db.select().from(payments).where(eq(payments.orderId, far.id))).length, 0);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const late = await call(ctx, 'POST', `/api/excursion/partner/order/${far.id}/confirm`, partner);
      assert.equal(late.status, 422);
    });

    it('after the slot ends a confirmed order is completed and the customer is invited to review', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id, slot } = await instantOrder(ctx, customer, 2 * HOUR_MS);
      assert.equal((await confirmPayment(ctx.app, await startPayment(ctx, customer, id))).statusCode, 303);
      assert.equal(await statusOf(ctx, id), 'confirmed');
      const event = await ctx.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, slot) });
      const excursion = await ctx.db.query.excursions.findFirst({ where: eq(excursions.slug, 'serdtse-stolitsy') });
      const end = event!.startsAt.getTime() + excursion!.durationMinutes * MINUTE_MS;

      await ctx.app.lifecycle.runOnce(new Date(end - MINUTE_MS));
      assert.equal(await statusOf(ctx, id), 'confirmed', 'not before the end');
      await ctx.app.lifecycle.runOnce(new Date(end + MINUTE_MS));
      assert.equal(await statusOf(ctx, id), 'completed');
      const invitation = await noticesOf(ctx, id, 'client_order_completed');
      assert.equal(invitation.length, 1);
      assert.match(invitation[0]!.text, /Оцените/);
      assert.equal(invitation[0]!.link, `/account/user/reviews?order=${id}`, 'the invitation opens the review form');
      await ctx.app.lifecycle.runOnce(new Date(end + 2 * MINUTE_MS));
      assert.equal((await noticesOf(ctx, id, 'client_order_completed')).length, 1);
    });

    it('the partner may mark a no-show after the end, for 24 hours, unless the tickets were checked in', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const excursion = await ctx.db.query.excursions.findFirst({ where: eq(excursions.slug, 'serdtse-stolitsy') });
      const paidOrder = async () => {
        const made = await instantOrder(ctx, customer, 2 * HOUR_MS);
        await confirmPayment(ctx.app, await startPayment(ctx, customer, made.id));
        const event = await ctx.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, made.slot) });
        return { id: made.id, end: event!.startsAt.getTime() + excursion!.durationMinutes * MINUTE_MS };
      };
      const noShow = (id: number, token = partner) => call(ctx, 'POST', `/api/excursion/partner/order/${id}/no-show`, token);
      const at = async (moment: number, work: () => Promise<void>) => {
        clock().reset();
        clock().advance(moment - clock().now().getTime());
        try {
          await work();
        } finally {
          clock().reset();
        }
      };

      const a = await paidOrder();
      await at(a.end - MINUTE_MS, async () => {
        const early = await noShow(a.id);
        assert.equal(early.status, 422);
        assert.match(early.body.message, /после окончания/);
      });
      await at(a.end + HOUR_MS, async () => {
        assert.equal((await noShow(a.id, await ctx.tokenFor('79990000005'))).status, 404);
        assert.equal((await noShow(a.id, customer)).status, 403);
        const marked = await noShow(a.id);
        assert.equal(marked.status, 200, JSON.stringify(marked.body));
        assert.equal(marked.body.data.status, 'no_show');
        assert.equal((await noShow(a.id)).status, 422, 'once');
      });
      assert.deepEqual((await historyOf(ctx, a.id)).at(-1), 'no_show:partner');
      assert.equal((await noticesOf(ctx, a.id, 'client_order_no_show')).length, 1);

      const b = await paidOrder();
      await at(b.end + 25 * HOUR_MS, async () => {
        const late = await noShow(b.id);
        assert.equal(late.status, 422);
        assert.match(late.body.message, /в течение суток/);
      });
      const c = await paidOrder();
      await ctx.db.update(tickets).set({ status: 'redeemed' }).where(eq(tickets.orderId, c.id));
      await at(c.end + HOUR_MS, async () => {
        const checkedIn = await noShow(c.id);
        assert.equal(checkedIn.status, 422);
        assert.match(checkedIn.body.message, /отмечены на входе/);
      });
    });

    it('tells the partner until when to answer a request', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const { id } = await requestOrder(ctx, customer);
      const [notice] = await noticesOf(ctx, id, 'partner_order_new');
      assert.match(notice!.text, /подтвердите или отклоните его до \d{1,2} [а-я]+/);
    });

    it('reminds the customer the day before and sends the partner an evening digest, once each', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      // noon in Moscow two days on: the reminder runs (up to 22 h before) stay before the partner's 18:00 digest,
      // whatever the time of day the test runs at
      const noon = localTime(new Date(), 2, '12:00', 'Europe/Moscow').getTime() - Date.now();
      const { id, slot } = await instantOrder(ctx, customer, noon);
      await confirmPayment(ctx.app, await startPayment(ctx, customer, id));
      const event = await ctx.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, slot) });
      const start = event!.startsAt.getTime();

      await ctx.app.lifecycle.runOnce(new Date(start - 25 * HOUR_MS));
      assert.equal((await noticesOf(ctx, id, 'client_order_reminder')).length, 0);
      await ctx.app.lifecycle.runOnce(new Date(start - 23 * HOUR_MS));
      await ctx.app.lifecycle.runOnce(new Date(start - 22 * HOUR_MS));
      const reminders = await noticesOf(ctx, id, 'client_order_reminder');
      assert.equal(reminders.length, 1);
      assert.match(reminders[0]!.text, /Телефон гида: \+7/);
      assert.match(reminders[0]!.text, /На месте гиду/);

      const digestAt = localTime(event!.startsAt, -1, '18:00', 'Europe/Moscow');
      const partner = await ctx.db.query.users.findFirst({ where: eq(users.phone, PARTNER_PHONE) });
      const digests = () =>
        ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, partner!.id), eq(notifications.type, 'partner_day_digest')));
      const before = (await digests()).length;
      await ctx.app.lifecycle.runOnce(new Date(digestAt.getTime() - MINUTE_MS));
      assert.equal((await digests()).length, before, 'not before 18:00 the day before');
      await ctx.app.lifecycle.runOnce(new Date(digestAt.getTime() + MINUTE_MS));
      await ctx.app.lifecycle.runOnce(new Date(digestAt.getTime() + 2 * MINUTE_MS));
      const sent = await digests();
      assert.equal(sent.length, before + 1);
      assert.match(sent.at(-1)!.text, /^Завтра у вас: .*«Экскурсия serdtse-stolitsy».* — 3 участника/);
    });

    it('a restart in the middle loses no expiry and repeats none; two api processes never take one order twice', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const ids: number[] = [];
      for (let i = 0; i < 40; i += 1) ids.push((await instantOrder(ctx, customer, 72 * HOUR_MS, 4)).id);
      const later = new Date(ctx.app.lifecycle.clock.now().getTime() + 20 * MINUTE_MS);

      // the first process handles one batch of 10 and dies
      const sweepDeps = { db: ctx.db, broadcaster: { publish: async () => undefined }, config: ctx.config.orders };
      assert.equal(await expireHolds(sweepDeps as never, later, 10), 10);
      // a restarted process and a second one sweep together; on PostgreSQL the second has its own connection pool,
      // as another api process would
      const second = await ctx.variant({});
      const own = kind === 'postgres' ? await secondPool(ctx) : null;
      const reports = await Promise.all([
        ctx.app.lifecycle.runOnce(later),
        own ? sweep({ db: own.db, broadcaster: { publish: async () => undefined } as never, config: ctx.config.orders }, later) : second.app.lifecycle.runOnce(later),
      ]).finally(() => own?.close());
      const total = 10 + reports.reduce((sum, r) => sum + r.holdsExpired, 0);
      assert.ok(total >= 40, `expired ${total}`);
      const steps = await ctx.db
        .select({ orderId: orderStatusHistory.orderId, n: sql<number>`count(*)::int` })
        .from(orderStatusHistory)
        .where(and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.status, 'expired')))
        .groupBy(orderStatusHistory.orderId);
      assert.equal(steps.length, 40, 'every order expired');
      assert.ok(steps.every((s) => s.n === 1), 'each exactly once');
    });
  });

  describe(`orders: idempotency, unpaid seats, creation limits [${kind}]`, () => {
    const ctx = useTestApp(kind, { env: { ORDER_MAX_UNPAID_SEATS: '7', ORDER_CREATE_LIMIT_ACCOUNT: '9' } });

    const post = (token: string, body: unknown, key?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: ORDER,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: body as object,
      });

    it('a retried creation with the same Idempotency-Key answers the same order, never a second one', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12 });
      const body = orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot);
      const first = await post(customer, body, 'attempt-0001-abcdef');
      assert.equal(first.statusCode, 201);
      const retries = await Promise.all([1, 2].map(() => post(customer, body, 'attempt-0001-abcdef')));
      for (const retry of retries) {
        assert.equal(retry.statusCode, 200);
        assert.equal(retry.json().data.id, first.json().data.id);
      }
      assert.equal(await bookedSeats(ctx, slot), 3);
      const other = await post(customer, { ...body, comment: 'другое' }, 'attempt-0001-abcdef');
      assert.equal(other.statusCode, 422);
      assert.deepEqual(Object.keys(other.json().errors), ['idempotency_key']);
      const bad = await post(customer, body, 'bad key!');
      assert.equal(bad.statusCode, 422);
      // cancel it so the next tests start with no unpaid seats
      const cancelled = await call(ctx, 'POST', `${ORDER}/${first.json().data.id}/cancel`, customer);
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    });

    it('refuses more unpaid seats than allowed across orders', async () => {
      const customer = await otherCustomerToken(ctx); // no orders yet (the demo customer has a request)
      const id = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const a = await post(customer, orderBody(id, await createSlot(ctx, 'serdtse-stolitsy')));

      const b = await post(customer, orderBody(id, await createSlot(ctx, 'serdtse-stolitsy')));
      assert.equal(a.statusCode, 201, a.body);
      assert.equal(b.statusCode, 201, b.body);
      const c = await post(customer, orderBody(id, await createSlot(ctx, 'serdtse-stolitsy')));
      assert.equal(c.statusCode, 422);
      assert.match(c.json().message, /Неоплаченных мест в ваших заказах не может быть больше 7/);
      await call(ctx, 'POST', `${ORDER}/${a.json().data.id}/cancel`, customer);
      await call(ctx, 'POST', `${ORDER}/${b.json().data.id}/cancel`, customer);
    });

    it('limits order creation per account', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      let limited: Awaited<ReturnType<typeof post>> | null = null;
      for (let i = 0; i < 12 && !limited; i += 1) {
        const response = await post(customer, { excursion_id: 999999, event_id: 1, participants: [], contact_name: '', contact_phone: '' });
        if (response.statusCode === 429) limited = response;
      }
      assert.ok(limited, 'the 10th creation in an hour is refused');
      assert.ok(Number(limited.json().errors.expiry_seconds) > 0);
    });
  });
}
