// Issue 27, the back office: orders — search, the whole order, the chat (audited), cancel with a full or partial
// refund (above the limit an admin decides; exactly one decision wins), resend tickets, extend a hold; the customer
// told live (a notification with the order's id: their order page reloads).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orderRefunds, orders } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { bearer, PARTNER_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_A, payOrder, placeOrder, useConversationFixtures, userIdOf } from './notifications-support';
import { auditOf, backofficeTokens, call } from './backoffice-support';

const O = '/api/staff/orders';

for (const kind of databaseKinds()) {
  describe(`back office: orders [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);

    it('finds an order by number, phone, name, excursion and partner, and shows all of it', async () => {
      const t = await backofficeTokens(ctx);
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const id = await placeOrder(ctx, customer, PARTNER_PHONE);
      await payOrder(ctx, customer, id);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      for (const q of [String(id), `№${id}`, row!.contactPhone.slice(-7), 'Алиса', 'serdtse', 'Орлов']) {
        const found = await call(ctx, 'GET', `${O}?q=${encodeURIComponent(q)}`, t.staff);
        assert.equal(found.status, 200, JSON.stringify(found.body));
        assert.ok(found.body.data.data.some((o: { id: number }) => o.id === id), `found by «${q}»`);
      }
      assert.equal((await call(ctx, 'GET', `${O}?q=${encodeURIComponent('нет такого заказа')}`, t.staff)).body.data.total, 0);
      const order = (await call(ctx, 'GET', `${O}/${id}`, t.staff)).body.data;
      assert.equal(order.status, 'confirmed');
      assert.equal(order.payments.length, 1);
      assert.match(order.payments[0].external_id, /^test_/);
      assert.equal(order.paid, order.prepayment);
      assert.equal(order.refundable, order.prepayment);
      assert.ok(order.history.length >= 2);
      assert.ok(order.tickets.length >= 1);
      assert.deepEqual(order.actions, { cancel: true, refund: true, resend_tickets: true, extend_hold: false });
      assert.equal((await call(ctx, 'GET', `${O}/999999`, t.staff)).status, 404);
    });

    it('the chat is read-only for staff and opening it is audited', async () => {
      const t = await backofficeTokens(ctx);
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const id = await placeOrder(ctx, customer, PARTNER_PHONE);
      await ctx.app.inject({ method: 'POST', url: `/api/excursion/chat/${id}/messages`, headers: bearer(customer), payload: { text: 'Мой телефон +7 999 123-45-67' } });
      const chat = await call(ctx, 'GET', `${O}/${id}/chat`, t.staff);
      assert.equal(chat.status, 200, JSON.stringify(chat.body));
      assert.equal(chat.body.data.messages[0].text, 'Мой телефон +7 999 123-45-67');
      const rows = await auditOf(ctx, 'order', id);
      assert.deepEqual(rows.map((r) => [r.action, r.actorName]), [['order.chat_opened', 'Служба поддержки Excursio']]);
      assert.equal((await call(ctx, 'POST', `${O}/${id}/chat`, t.staff, {})).status, 404, 'no way to write');
    });

    it('cancels with a partial refund: both sides told, the customer live with the order id, the refund has the provider id', async () => {
      const t = await backofficeTokens(ctx);
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const customerId = await userIdOf(ctx, CUSTOMER_A);
      const id = await placeOrder(ctx, customer, PARTNER_PHONE);
      await payOrder(ctx, customer, id);
      const prepayment = (await call(ctx, 'GET', `${O}/${id}`, t.staff)).body.data.prepayment as number;
      const tooMuch = await call(ctx, 'POST', `${O}/${id}/cancel`, t.staff, { reason: 'Гид заболел', refund_amount: prepayment + 1 });
      assert.equal(tooMuch.status, 422);
      assert.match(tooMuch.body.message, /Вернуть можно не больше/);
      const noReason = await call(ctx, 'POST', `${O}/${id}/cancel`, t.staff, { reason: ' ', refund_amount: 1 });
      assert.equal(noReason.status, 422);
      assert.ok(noReason.body.errors.reason);
      const before = published.length;
      const half = Math.floor(prepayment / 2);
      const cancelled = await call(ctx, 'POST', `${O}/${id}/cancel`, t.staff, { reason: 'Гид заболел', refund_amount: half });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const order = cancelled.body.data;
      assert.equal(order.status, 'cancelled_by_partner');
      assert.equal(order.history.at(-1).actor, 'staff');
      assert.equal(order.refund_amount, half);
      assert.equal(order.refunds.length, 1);
      assert.equal(order.refunds[0].status, 'succeeded');
      assert.match(order.refunds[0].external_id, /^test_refund_/, 'the provider’s refund id');
      assert.equal(order.refundable, prepayment - half);
      const live = published.slice(before).filter((e) => e.channel === userChannel(customerId) && e.event === 'NotificationSent');
      assert.equal(live.length, 1);
      assert.deepEqual(live[0]!.data.notification.data, { order_id: id }, 'the customer’s order page reloads on it');
      assert.match(live[0]!.data.notification.text, /Служба поддержки отменила заказ/);
      const mine = await ctx.app.inject({ method: 'GET', url: `/api/excursion/user/order/${id}`, headers: bearer(customer) });
      assert.equal(mine.json().data.refund_amount, half);
      const again = await call(ctx, 'POST', `${O}/${id}/cancel`, t.staff2, { reason: 'Ещё раз', refund_amount: 0 });
      assert.equal(again.status, 409);
      const rest = await call(ctx, 'POST', `${O}/${id}/refund`, t.staff, { amount: prepayment - half, reason: 'Остаток по решению поддержки' });
      assert.equal(rest.status, 200, JSON.stringify(rest.body));
      assert.equal(rest.body.data.refundable, 0);
      assert.equal(rest.body.data.payments[0].status, 'refunded', JSON.stringify(rest.body.data));
      assert.deepEqual((await auditOf(ctx, 'order', id)).map((r) => r.action), ['order.cancel', 'order.refund', 'order.refund']);
    });

    it('above the limit a staff refund waits for an admin; staff cannot approve it; two admins: exactly one wins', async () => {
      const t = await backofficeTokens(ctx);
      const strict = await ctx.variant({ STAFF_REFUND_LIMIT: '10' });
      const post = async (url: string, token: string, payload?: object) => {
        const r = await strict.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
        return { status: r.statusCode, body: r.json() };
      };
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const id = await placeOrder(ctx, customer, PARTNER_PHONE);
      await payOrder(ctx, customer, id);
      const asked = await post(`${O}/${id}/refund`, t.staff, { amount: 50, reason: 'Жалоба на гида' });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      assert.equal(asked.body.data.refunds[0].status, 'pending');
      assert.equal(asked.body.data.refund_amount, null, 'nothing returned yet');
      const refundId = asked.body.data.refunds[0].id;
      const dashboard = await call(ctx, 'GET', '/api/staff/dashboard', t.staff);
      assert.equal(dashboard.body.data.queues.refunds.count, 1);
      assert.equal((await post(`/api/staff/refunds/${refundId}/approve`, t.staff)).status, 403, 'admin only');
      const [a, b] = await Promise.all([post(`/api/staff/refunds/${refundId}/approve`, t.admin), post(`/api/staff/refunds/${refundId}/reject`, t.admin, { reason: 'Нет оснований' })]);
      assert.deepEqual([a.status, b.status].sort(), [200, 409], JSON.stringify([a.body, b.body]));
      const [row] = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
      assert.ok(['succeeded', 'rejected'].includes(row!.status));
      // an admin refunds above the limit at once
      const direct = await post(`${O}/${id}/refund`, t.admin, { amount: 20, reason: 'Компенсация' });
      assert.equal(direct.status, 200, JSON.stringify(direct.body));
      assert.equal(direct.body.data.refunds[0].status, 'succeeded');
    });

    it('resends tickets and extends a payment hold, each told to the customer and audited', async () => {
      const t = await backofficeTokens(ctx);
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const waiting = await placeOrder(ctx, customer, PARTNER_PHONE);
      const [before] = await ctx.db.select().from(orders).where(eq(orders.id, waiting));
      const extended = await call(ctx, 'POST', `${O}/${waiting}/extend-hold`, t.staff, { minutes: 60 });
      assert.equal(extended.status, 200, JSON.stringify(extended.body));
      assert.equal(Date.parse(extended.body.data.payment_due_at), before!.paymentDueAt!.getTime() + 60 * 60_000);
      assert.equal((await call(ctx, 'POST', `${O}/${waiting}/extend-hold`, t.staff, { minutes: 1 })).status, 422, 'at least 5 minutes');
      assert.equal((await call(ctx, 'POST', `${O}/${waiting}/resend-tickets`, t.staff)).status, 422, 'no tickets before paying');
      await payOrder(ctx, customer, waiting);
      assert.equal((await call(ctx, 'POST', `${O}/${waiting}/extend-hold`, t.staff, { minutes: 30 })).status, 409, 'paid: nothing to extend');
      assert.equal((await call(ctx, 'POST', `${O}/${waiting}/resend-tickets`, t.staff)).status, 200);
      assert.deepEqual((await auditOf(ctx, 'order', waiting)).map((r) => r.action), ['order.extend_hold', 'order.resend_tickets']);
    });

    it('customers and partners get 403 from every order call', async () => {
      const t = await backofficeTokens(ctx);
      for (const token of [t.client, t.partner]) {
        assert.equal((await call(ctx, 'GET', O, token)).status, 403);
        assert.equal((await call(ctx, 'POST', `${O}/1/cancel`, token, { reason: 'x', refund_amount: 0 })).status, 403);
      }
    });
  });
}
