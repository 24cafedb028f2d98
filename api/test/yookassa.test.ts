import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { orderRefunds, outbox, payments, tickets } from '../src/db/schema';
import { YOOKASSA_WEBHOOK_PATH } from '../src/features/payments/yookassa/webhook';
import { startFakeYookassa, type FakeYookassa } from './fakes/yookassa';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp, type TestContext } from './helpers/app';
import { call, createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, postOrder } from './orders-support';

const SHOP = { shopId: '123456', secretKey: 'test_secret_key_of_the_shop' };
const YOOKASSA_IP = '185.71.76.10';

async function newOrder(ctx: TestContext, token: string, startsIn = 72 * HOUR_MS) {
  const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, startsIn });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.data.id as number;
}

const pay = (ctx: TestContext, token: string, orderId: number) => call(ctx, 'POST', `${ORDER}/${orderId}/pay`, token);

/** A notification as ЮKassa would send it, from `ip` (the test app trusts no proxy: the peer is the sender). */
function notify(ctx: TestContext, event: string, object: Record<string, unknown>, ip = YOOKASSA_IP) {
  return ctx.app.inject({
    method: 'POST',
    url: YOOKASSA_WEBHOOK_PATH,
    remoteAddress: ip,
    payload: { type: 'notification', event, object },
  });
}

const orderOf = async (ctx: TestContext, token: string, id: number) => (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data;

/** Moves the app's clock and runs one pass of the worker (outbox deliveries and payment re-reads among it). */
async function sweepAfter(ctx: TestContext, ms: number) {
  ctx.app.lifecycle.clock.advance(ms);
  return ctx.app.lifecycle.runOnce();
}

for (const kind of databaseKinds()) {
  describe(`payments: ЮKassa against a local API v3 server [${kind}]`, () => {
    let fake: FakeYookassa;
    const env: Record<string, string> = {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: SHOP.shopId,
      YOOKASSA_SECRET_KEY: SHOP.secretKey,
      YOOKASSA_VAT_CODE: '1',
      PUBLIC_URL: 'https://excursio.example',
      OUTBOX_TIMEOUT_MS: '1500',
    };
    before(async () => {
      fake = await startFakeYookassa(SHOP);
      env.YOOKASSA_API_URL = `${fake.url}/v3`;
    });
    after(async () => fake.close());
    const ctx = useTestApp(kind, { env });

    it('creates the payment with its idempotence key, redirect back to the order, metadata and a 54-ФЗ receipt', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      const started = await pay(ctx, token, id);
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const payment = fake.payments.get(started.body.data.payment_id)!;
      assert.ok(payment, 'the payment exists at ЮKassa');
      assert.equal(started.body.data.confirmation_url, payment.confirmation.confirmation_url);
      assert.equal(payment.amount.value, '585.00');
      assert.equal(payment.confirmation.return_url, `https://excursio.example/account/user/${id}`);
      assert.equal(payment.metadata?.order_id, String(id));
      assert.deepEqual(payment.receipt?.customer, { phone: '79991234567' });
      assert.equal(payment.receipt?.items.length, 2);
      const [row] = await ctx.db.select().from(payments).where(eq(payments.externalId, payment.id));
      const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments');
      assert.equal(create.length, 1);
      assert.equal(create[0]!.key, `excursio-payment-${row!.id}-${row!.createdAt.getTime()}`);
      // paying again answers the same payment without asking ЮKassa
      assert.deepEqual((await pay(ctx, token, id)).body, started.body);
      assert.equal(fake.requests.filter((r) => r.path === '/v3/payments').length, 1);
    });

    it('a notification from ЮKassa confirms the order after re-reading the payment; a replay changes nothing; the receipt is shown', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      const paymentId = (await pay(ctx, token, id)).body.data.payment_id as string;
      const paid = fake.succeed(paymentId);
      const reads = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${paymentId}`).length;
      const answer = await notify(ctx, 'payment.succeeded', { ...paid });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(reads(), 1, 'the payment was re-read before anything changed');
      const order = await orderOf(ctx, token, id);
      assert.equal(order.status, 'confirmed');
      assert.equal(order.tickets.length, 3);
      assert.equal(order.payment.receipt_to, '+7 999 123-45-67');
      // replayed, and a stale «canceled» arriving late: nothing changes
      assert.equal((await notify(ctx, 'payment.succeeded', { ...paid })).statusCode, 200);
      assert.equal((await notify(ctx, 'payment.canceled', { ...paid, status: 'canceled' })).statusCode, 200);
      const again = await orderOf(ctx, token, id);
      assert.equal(again.status, 'confirmed');
      assert.equal((await ctx.db.select().from(tickets).where(eq(tickets.orderId, id))).length, 3);
    });

    it('refuses notifications from other addresses, and never believes the body', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      const paymentId = (await pay(ctx, token, id)).body.data.payment_id as string;
      const forged = { ...fake.payments.get(paymentId)!, status: 'succeeded', paid: true };
      for (const ip of ['127.0.0.1', '185.71.76.32', '2a02:5181::1']) {
        const refused = await notify(ctx, 'payment.succeeded', forged, ip);
        assert.equal(refused.statusCode, 403, ip);
      }
      // from a ЮKassa address but false: ЮKassa still says pending
      assert.equal((await notify(ctx, 'payment.succeeded', forged)).statusCode, 200);
      assert.equal((await orderOf(ctx, token, id)).status, 'awaiting_payment');
      // ЮKassa unreachable for the re-read: 503, so that ЮKassa sends the notification again
      fake.outage = 'error';
      const unavailable = await notify(ctx, 'payment.succeeded', forged);
      fake.outage = 'none';
      assert.equal(unavailable.statusCode, 503);
      assert.deepEqual(Object.keys(unavailable.json()).sort(), ['errors', 'message']);
      // a payment that is not ours is acknowledged and ignored
      assert.equal((await notify(ctx, 'payment.succeeded', { id: '00000000-0000-0000-0000-000000000000' })).statusCode, 200);
      const [row] = await ctx.db.select().from(payments).where(eq(payments.externalId, paymentId));
      assert.equal(row!.status, 'pending');
    });

    it('a declined payment leaves the order awaiting payment; paying again makes a new payment', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      const first = (await pay(ctx, token, id)).body.data.payment_id as string;
      await notify(ctx, 'payment.canceled', { ...fake.cancel(first) });
      const order = await orderOf(ctx, token, id);
      assert.equal(order.status, 'awaiting_payment');
      assert.equal(order.payment.status, 'failed');
      const second = (await pay(ctx, token, id)).body.data.payment_id as string;
      assert.notEqual(second, first);
      assert.equal(fake.payments.get(second)!.status, 'pending');
    });

    it('a create that timed out is answered 503 and retried with the same key: one payment at ЮKassa', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      const before = fake.payments.size;
      fake.outage = 'hang';
      fake.hangMs = 3000;
      const timedOut = await pay(ctx, token, id);
      fake.outage = 'none';
      assert.equal(timedOut.status, 503);
      assert.match(timedOut.body.message, /не спишутся дважды/);
      assert.equal(fake.payments.size, before + 1, 'ЮKassa made the payment although the answer was lost');
      const retried = await pay(ctx, token, id);
      assert.equal(retried.status, 200);
      assert.equal(fake.payments.size, before + 1, 'the retry made no second payment');
      assert.ok(fake.payments.has(retried.body.data.payment_id));
      const keys = fake.requests.filter((r) => r.path === '/v3/payments').slice(-2).map((r) => r.key);
      assert.equal(keys[0], keys[1]);
    });

    it('the worker settles what no notification reported: an unknown outcome, a payment left pending', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      fake.outage = 'hang';
      fake.hangMs = 3000;
      assert.equal((await pay(ctx, token, id)).status, 503);
      fake.outage = 'none';
      const made = [...fake.payments.values()].at(-1)!;
      fake.succeed(made.id);
      // no customer retry, no notification: the worker re-registers with the same key, learns the id, re-reads
      const report = await sweepAfter(ctx, 31_000);
      assert.equal(report.paymentsSettled, 1);
      const [row] = await ctx.db.select().from(payments).where(eq(payments.orderId, id));
      assert.equal(row!.externalId, made.id);
      assert.equal(row!.status, 'succeeded');
      assert.equal((await orderOf(ctx, token, id)).status, 'confirmed');
      assert.equal([...fake.payments.values()].filter((p) => p.metadata?.order_id === String(id)).length, 1);
    });

    it('refunds go through the outbox: ЮKassa down for a minute delays them, then each is made once, with its receipt', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const paidOrder = async () => {
        const id = await newOrder(ctx, token);
        const paymentId = (await pay(ctx, token, id)).body.data.payment_id as string;
        await notify(ctx, 'payment.succeeded', { ...fake.succeed(paymentId) });
        return { id, paymentId };
      };
      const a = await paidOrder();
      const b = await paidOrder();
      fake.outage = 'error';
      assert.equal((await call(ctx, 'POST', `/api/excursion/partner/order/${a.id}/cancel`, partner, { reason: 'weather' })).status, 200);
      assert.equal((await call(ctx, 'POST', `${ORDER}/${b.id}/cancel`, token)).status, 200);
      for (let second = 0; second <= 60; second += 10) await sweepAfter(ctx, 10_000);
      const queued = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'refund'));
      const ours = queued.filter((r) => [a.paymentId, b.paymentId].some((p) => r.recipient === `yookassa:${p}`));
      assert.equal(ours.length, 2);
      for (const row of ours) {
        assert.equal(row.state, 'pending');
        assert.ok(row.attempts >= 2, `retried with back-off (${row.attempts})`);
        assert.match(row.lastError ?? '', /HTTP 500/);
        assert.ok(!(row.lastError ?? '').includes(SHOP.secretKey));
      }
      assert.equal(fake.refunds.length, 0);
      // each refund is recorded once for the back office already, waiting for the provider's id
      const recorded = async () => ctx.db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, [a.id, b.id]));
      assert.deepEqual((await recorded()).map((r) => [r.amount, r.status, r.externalId]), [[585, 'succeeded', null], [585, 'succeeded', null]]);
      // staff see the queue
      const staff = await ctx.tokenFor(STAFF_PHONE);
      const listed = await call(ctx, 'GET', '/api/staff/outbox?kind=refund&state=pending', staff);
      assert.equal(listed.status, 200);
      assert.ok(listed.body.data.entries.some((e: { recipient: string; last_error: string }) => e.recipient === `yookassa:${a.paymentId}` && /HTTP 500/.test(e.last_error)));
      assert.equal((await call(ctx, 'GET', '/api/staff/outbox', token)).status, 403);
      // back up: the next passes send each refund once
      fake.outage = 'none';
      await sweepAfter(ctx, 3600_000);
      await sweepAfter(ctx, 3600_000);
      const refunds = fake.refunds.filter((r) => [a.paymentId, b.paymentId].includes(r.payment_id));
      assert.equal(refunds.length, 2);
      assert.deepEqual(refunds.map((r) => r.amount.value).sort(), ['585.00', '585.00']);
      assert.ok(refunds.every((r) => (r.receipt as { customer: unknown }).customer));
      const sent = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'refund'));
      assert.ok(sent.filter((r) => ours.some((o) => o.id === r.id)).every((r) => r.state === 'sent'));
      // still one row per refund, now with ЮKassa's refund id
      const rows = await recorded();
      assert.equal(rows.length, 2);
      assert.deepEqual(rows.map((r) => r.externalId).sort(), refunds.map((r) => r.id).sort());
    });

    it('a staff refund in the back office: recorded at once, sent through the outbox, ЮKassa down only delays it', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const staff = await ctx.tokenFor(STAFF_PHONE);
      const id = await newOrder(ctx, token);
      const paymentId = (await pay(ctx, token, id)).body.data.payment_id as string;
      await notify(ctx, 'payment.succeeded', { ...fake.succeed(paymentId) });
      fake.outage = 'error';
      const refunded = await call(ctx, 'POST', `/api/staff/orders/${id}/refund`, staff, { amount: 100, reason: 'Жест доброй воли' });
      assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
      assert.deepEqual(refunded.body.data.refunds.map((r: { amount: number; status: string; external_id: string | null }) => [r.amount, r.status, r.external_id]), [[100, 'succeeded', null]]);
      const [queued] = await ctx.db.select().from(outbox).where(eq(outbox.recipient, `yookassa:${paymentId}`));
      assert.equal(queued!.state, 'pending');
      assert.equal(fake.refunds.filter((r) => r.payment_id === paymentId).length, 0);
      fake.outage = 'none';
      await sweepAfter(ctx, 3600_000);
      await sweepAfter(ctx, 3600_000);
      const made = fake.refunds.filter((r) => r.payment_id === paymentId);
      assert.deepEqual(made.map((r) => r.amount.value), ['100.00']);
      const order = (await call(ctx, 'GET', `/api/staff/orders/${id}`, staff)).body.data;
      assert.deepEqual(order.refunds.map((r: { external_id: string | null }) => r.external_id), [made[0]!.id]);
    });

    it('a payment that succeeds after its hold expired is refunded in full, once', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await newOrder(ctx, token);
      const started = await pay(ctx, token, id);
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const paymentId = started.body.data.payment_id as string;
      await sweepAfter(ctx, 16 * 60_000);
      assert.equal((await orderOf(ctx, token, id)).status, 'expired');
      const paid = fake.succeed(paymentId);
      await notify(ctx, 'payment.succeeded', { ...paid });
      await notify(ctx, 'payment.succeeded', { ...paid });
      await sweepAfter(ctx, 1000);
      const [row] = await ctx.db.select().from(payments).where(eq(payments.externalId, paymentId));
      assert.equal(row!.status, 'refunded');
      assert.deepEqual(fake.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount.value), ['585.00']);
      const recorded = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.paymentId, row!.id));
      assert.deepEqual(recorded.map((r) => [r.amount, r.externalId]), [[585, fake.refunds.find((r) => r.payment_id === paymentId)!.id]]);
    });
  });
}
