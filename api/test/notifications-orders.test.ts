import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { excursions, notifications } from '../src/db/schema';
import { afterCommit, withEvents } from '../src/features/notifications/after-commit';
import { notify } from '../src/features/notifications/notify';
import type { Broadcaster } from '../src/realtime';
import { useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { createSlot, excursionIdOf, orderBody, postOrder } from './orders-support';
import { api, CUSTOMER_A, PARTNER_PHONE, payOrder, placeOrder, useConversationFixtures, userIdOf } from './notifications-support';

const N = '/api/excursion/notification';
const P = '/api/excursion/partner/order';

/** A broadcaster that only remembers. */
function recorder(): Broadcaster & { sent: { channel: string; event: string; data: unknown }[] } {
  const sent: { channel: string; event: string; data: unknown }[] = [];
  return { sent, publish: async (channel, event, data) => void sent.push({ channel, event, data }) };
}

for (const kind of databaseKinds()) {
  describe(`notifications: every order change, in its transaction [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);
    let lastId = 0;
    /** [type, text] of the notifications stored since the previous call, per token. */
    const news = async (token: string) => {
      const { notifications: list } = (await api(ctx, 'GET', `${N}/since?after_id=${lastId}`, token)).body.data;
      return list.map((n: { type: string; text: string; data: { order_id: number } }) => [n.type, n.data.order_id, n.text]);
    };
    const mark = async () => {
      const [newest] = await ctx.db.select({ id: notifications.id }).from(notifications).orderBy(desc(notifications.id)).limit(1);
      lastId = newest?.id ?? 0;
    };

    it('needs confirmation: the partner is asked, the customer told it went to the guide; confirm and decline reach the customer', async () => {
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const excursionId = await excursionIdOf(ctx, 'moskva-s-detmi');
      await mark();
      const first = (await postOrder(ctx, customer, orderBody(excursionId, await createSlot(ctx, 'moskva-s-detmi')))).body.data.id as number;
      const [[type, orderId, text]] = await news(partner);
      assert.deepEqual([type, orderId], ['partner_order_new', first]);
      assert.match(text, /3 участника — подтвердите или отклоните его до \d{1,2} [а-я]+/);
      assert.deepEqual((await news(customer)).map((n: unknown[]) => n[0]), ['client_order_placed']);
      assert.match((await news(customer))[0][2], new RegExp(`^Заказ №${first} отправлен гиду: «Экскурсия moskva-s-detmi»`));

      const second = (await postOrder(ctx, customer, orderBody(excursionId, await createSlot(ctx, 'moskva-s-detmi')))).body.data.id as number;
      await mark();
      assert.equal((await api(ctx, 'POST', `${P}/${first}/confirm`, partner)).status, 200);
      assert.equal((await api(ctx, 'POST', `${P}/${second}/decline`, partner, { reason: 'weather' })).status, 200);
      const told = await news(customer);
      assert.deepEqual(told.map((n: unknown[]) => [n[0], n[1]]), [['client_order_confirmed', first], ['client_order_declined', second]]);
      assert.match(told[0][2], new RegExp(`^Гид подтвердил заказ №${first} — оплатите предоплату`));
      assert.deepEqual(await news(partner), [], 'the partner is not told what they did');

      // A refused change (already decided) stores nothing.
      await mark();
      assert.equal((await api(ctx, 'POST', `${P}/${first}/confirm`, partner)).status, 422);
      assert.deepEqual(await news(customer), []);
    });

    it('paid: both told; cancelled by the customer: the partner; by the partner: the customer, with the refund', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const paidOrder = await placeOrder(ctx, customer, PARTNER_PHONE);
      const unpaidOrder = await placeOrder(ctx, customer, PARTNER_PHONE);
      await mark();
      await payOrder(ctx, customer, paidOrder);
      assert.deepEqual((await news(customer)).map((n: unknown[]) => [n[0], n[1]]), [['client_order_paid', paidOrder]]);
      const [[paidType, , paidText]] = await news(partner);
      assert.equal(paidType, 'partner_order_paid');
      assert.match(paidText, new RegExp(`^Заказ №${paidOrder} оплачен: «Экскурсия serdtse-stolitsy», .+, 3 участника$`));

      await mark();
      assert.equal((await api(ctx, 'POST', `/api/excursion/user/order/${unpaidOrder}/cancel`, customer)).status, 200);
      assert.deepEqual((await news(partner)).map((n: unknown[]) => [n[0], n[1]]), [['partner_order_cancelled', unpaidOrder]]);
      assert.deepEqual(await news(customer), []);

      await mark();
      assert.equal((await api(ctx, 'POST', `${P}/${paidOrder}/cancel`, partner, { reason: 'illness' })).status, 200);
      const [[cancelType, , cancelText]] = await news(customer);
      assert.equal(cancelType, 'client_order_cancelled');
      assert.match(cancelText, /^Гид отменил заказ №\d+: .+\. Предоплата 585\u00a0₽ будет возвращена$/);
      assert.deepEqual(await news(partner), []);
    });

    it('a rolled-back change stores nothing and publishes nothing; a committed one publishes only after commit', async () => {
      const userId = await userIdOf(ctx, CUSTOMER_A);
      const before = await ctx.db.$count(notifications);
      const broadcaster = recorder();
      const input = { userId, type: 'client_order_paid' as const, text: 'x', link: '/account/user/1', data: { order_id: 1 } };
      await assert.rejects(
        withEvents(ctx.db, broadcaster, async (tx) => {
          await notify(tx, input);
          throw new Error('the change failed after its notification');
        }),
        /failed after/,
      );
      assert.equal(await ctx.db.$count(notifications), before);
      assert.deepEqual(broadcaster.sent, []);

      const stored = await withEvents(ctx.db, broadcaster, async (tx) => {
        const notification = await notify(tx, input);
        assert.deepEqual(broadcaster.sent, [], 'nothing is published before the commit');
        return notification;
      });
      assert.deepEqual(broadcaster.sent, [
        { channel: `private-App.Models.User.${userId}`, event: 'NotificationSent', data: { notification: stored } },
      ]);
      assert.equal(await ctx.db.$count(notifications), before + 1);
    });

    it('a notification outside withEvents is a programming error, not a silent loss', async () => {
      await assert.rejects(
        ctx.db.transaction(async (tx) => afterCommit(tx, 'private-App.Models.User.1', 'NotificationSent', {})),
        /withEvents/,
      );
    });

    it('a failed order (no seats) stores and publishes nothing', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 2 });
      const count = await ctx.db.$count(notifications);
      const sent = published.length;
      const refused = await postOrder(ctx, customer, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
      assert.equal(refused.status, 409);
      assert.equal(await ctx.db.$count(notifications), count);
      assert.equal(published.length, sent);
    });
  });
}
