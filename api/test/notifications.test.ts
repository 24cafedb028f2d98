import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notifications } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import {
  api,
  CUSTOMER_A,
  CUSTOMER_B,
  OTHER_PARTNER_PHONE,
  PARTNER_PHONE,
  placeOrder,
  useConversationFixtures,
  userIdOf,
} from './notifications-support';

const N = '/api/excursion/notification';

for (const kind of databaseKinds()) {
  describe(`notifications: the owner's list, catch-up, viewed [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);
    const tokens = async () => ({
      a: await ctx.tokenFor(CUSTOMER_A),
      b: await ctx.tokenFor(CUSTOMER_B),
      p1: await ctx.tokenFor(PARTNER_PHONE),
      p2: await ctx.tokenFor(OTHER_PARTNER_PHONE),
    });

    it('order placed: the partner is told (stored and published on their channel), the customer too', async () => {
      const t = await tokens();
      const before = published.length;
      const orderId = await placeOrder(ctx, t.a, PARTNER_PHONE);
      const partnerId = await userIdOf(ctx, PARTNER_PHONE);
      const [partnerNote] = (await api(ctx, 'GET', N, t.p1)).body.data;
      assert.equal(partnerNote.type, 'partner_order_new');
      assert.match(partnerNote.text, new RegExp(`^Новый заказ №${orderId}: «Экскурсия serdtse-stolitsy», \\d+ [а-я]+(,| в) \\d\\d:\\d\\d, 3 участника$`));
      assert.equal(partnerNote.link, `/account/partner/order/${orderId}`);
      assert.deepEqual(partnerNote.data, { order_id: orderId });
      assert.equal(partnerNote.viewed, 0);

      const events = published.slice(before).filter((e) => e.event === 'NotificationSent');
      const toPartner = events.find((e) => e.channel === userChannel(partnerId));
      assert.deepEqual(toPartner?.data, { notification: partnerNote });
      assert.equal(toPartner?.channel, `private-App.Models.User.${partnerId}`);

      const [customerNote] = (await api(ctx, 'GET', N, t.a)).body.data;
      assert.equal(customerNote.type, 'client_order_placed');
      assert.equal(customerNote.link, `/account/user/${orderId}`);
      const customerId = await userIdOf(ctx, CUSTOMER_A);
      assert.deepEqual(events.find((e) => e.channel === userChannel(customerId))?.data, { notification: customerNote });
    });

    it('each user sees only their own: list, since, unread-count, viewed one and all', async () => {
      const t = await tokens();
      await ctx.db.delete(notifications);
      const orderA = await placeOrder(ctx, t.a, PARTNER_PHONE);
      const orderB = await placeOrder(ctx, t.b, OTHER_PARTNER_PHONE);
      const list = async (token: string) => (await api(ctx, 'GET', N, token)).body.data as { id: number; data: { order_id: number }; type: string }[];
      const [a, b, p1, p2] = await Promise.all([list(t.a), list(t.b), list(t.p1), list(t.p2)]);
      assert.deepEqual(a.map((n) => [n.type, n.data.order_id]), [['client_order_placed', orderA]]);
      assert.deepEqual(b.map((n) => [n.type, n.data.order_id]), [['client_order_placed', orderB]]);
      assert.deepEqual(p1.map((n) => [n.type, n.data.order_id]), [['partner_order_new', orderA]]);
      assert.deepEqual(p2.map((n) => [n.type, n.data.order_id]), [['partner_order_new', orderB]]);

      const since = async (token: string) => (await api(ctx, 'GET', `${N}/since?after_id=0`, token)).body.data;
      assert.deepEqual((await since(t.a)).notifications, a);
      assert.deepEqual((await since(t.p2)).notifications, p2);
      const unread = async (token: string) => (await api(ctx, 'GET', `${N}/unread-count`, token)).body.data.unread;
      assert.deepEqual(await Promise.all([unread(t.a), unread(t.b), unread(t.p1), unread(t.p2)]), [1, 1, 1, 1]);

      // Someone else's notification is a 404 and stays unviewed.
      assert.equal((await api(ctx, 'POST', `${N}/${b[0]!.id}/viewed`, t.a)).status, 404);
      assert.equal((await api(ctx, 'POST', `${N}/${p1[0]!.id}/viewed`, t.p2)).status, 404);
      assert.equal((await api(ctx, 'POST', `${N}/999999999/viewed`, t.a)).status, 404);
      assert.deepEqual(await Promise.all([unread(t.b), unread(t.p1)]), [1, 1]);

      assert.deepEqual((await api(ctx, 'POST', `${N}/${a[0]!.id}/viewed`, t.a)).body, { status: true });
      assert.deepEqual((await api(ctx, 'POST', `${N}/set-viewed`, t.p1)).body, { status: true });
      assert.deepEqual(await Promise.all([unread(t.a), unread(t.b), unread(t.p1), unread(t.p2)]), [0, 1, 0, 1]);
      assert.equal((await since(t.a)).unread, 0);
      assert.equal((await since(t.b)).unread, 1);
    });

    it('pages newest first as exactly { data, current_page, last_page }; a page beyond the last is empty', async () => {
      const t = await tokens();
      await ctx.db.delete(notifications);
      const userId = await userIdOf(ctx, CUSTOMER_A);
      for (let i = 1; i <= 25; i++) {
        await ctx.db.insert(notifications).values({ userId, type: 'client_order_paid', text: `№${i}`, link: '/account/user/1', data: { order_id: 1 } });
      }
      const first = await api(ctx, 'GET', N, t.a);
      assert.deepEqual(Object.keys(first.body).sort(), ['current_page', 'data', 'last_page']);
      assert.equal(first.body.current_page, 1);
      assert.equal(first.body.last_page, 2);
      assert.equal(first.body.data.length, 20);
      assert.deepEqual(first.body.data.slice(0, 2).map((n: { text: string }) => n.text), ['№25', '№24']);
      const ids = first.body.data.map((n: { id: number }) => n.id);
      assert.deepEqual(ids, [...ids].sort((x: number, y: number) => y - x));
      assert.deepEqual(Object.keys(first.body.data[0]).sort(), ['created_at', 'data', 'id', 'link', 'text', 'type', 'viewed']);

      const second = (await api(ctx, 'GET', `${N}?page=2`, t.a)).body;
      assert.deepEqual([second.current_page, second.last_page, second.data.length], [2, 2, 5]);
      assert.equal(second.data.at(-1).text, '№1');
      assert.deepEqual((await api(ctx, 'GET', `${N}?page=3`, t.a)).body, { data: [], current_page: 3, last_page: 2 });
      assert.equal((await api(ctx, 'GET', `${N}?per_page=10`, t.a)).body.last_page, 3);
      // Somebody with none: one empty page.
      assert.deepEqual((await api(ctx, 'GET', N, t.b)).body, { data: [], current_page: 1, last_page: 1 });
    });

    it('viewed=false shows only unviewed ones; set-viewed empties that filter', async () => {
      const t = await tokens();
      await ctx.db.delete(notifications);
      const userId = await userIdOf(ctx, CUSTOMER_A);
      await ctx.db.insert(notifications).values(
        [1, 2, 3, 4].map((i) => ({ userId, type: 'client_order_paid', text: `№${i}`, link: '/account/user/1', data: { order_id: 1 }, viewed: i % 2 === 0 })),
      );
      const unviewed = (await api(ctx, 'GET', `${N}?viewed=false`, t.a)).body;
      assert.deepEqual(unviewed.data.map((n: { text: string; viewed: number }) => [n.text, n.viewed]), [['№3', 0], ['№1', 0]]);
      assert.equal((await api(ctx, 'GET', `${N}?viewed=true`, t.a)).body.data.length, 2);
      await api(ctx, 'POST', `${N}/set-viewed`, t.a);
      assert.deepEqual((await api(ctx, 'GET', `${N}?viewed=false`, t.a)).body, { data: [], current_page: 1, last_page: 1 });
      assert.equal((await api(ctx, 'GET', N, t.a)).body.data.every((n: { viewed: number }) => n.viewed === 1), true);
    });

    it('catch-up: only what came after the id, oldest first, at most 100', async () => {
      const t = await tokens();
      await ctx.db.delete(notifications);
      const userId = await userIdOf(ctx, CUSTOMER_A);
      const rows = await ctx.db
        .insert(notifications)
        .values(Array.from({ length: 105 }, (_, i) => ({ userId, type: 'client_order_paid', text: `№${i + 1}`, link: '/account/user/1', data: {} })))
        .returning({ id: notifications.id });
      const third = rows[2]!.id;
      const { body } = await api(ctx, 'GET', `${N}/since?after_id=${third}`, t.a);
      assert.equal(body.status, true);
      assert.equal(body.data.notifications.length, 100);
      assert.equal(body.data.notifications[0].text, '№4');
      assert.equal(body.data.notifications[99].text, '№103');
      assert.equal(body.data.unread, 105);
      const last = rows.at(-1)!.id;
      assert.deepEqual((await api(ctx, 'GET', `${N}/since?after_id=${last}`, t.a)).body.data.notifications, []);
    });

    it('documents the notification and chat calls in OpenAPI', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      for (const [path, method] of [
        [N, 'get'],
        [`${N}/since`, 'get'],
        [`${N}/unread-count`, 'get'],
        [`${N}/set-viewed`, 'post'],
        [`${N}/{id}/viewed`, 'post'],
        ['/api/excursion/chat/{order_id}/messages', 'get'],
        ['/api/excursion/chat/{order_id}/messages', 'post'],
        ['/api/excursion/chat/{order_id}/message-viewed/{message_id}', 'post'],
        ['/api/excursion/chat/unread', 'get'],
      ] as const) {
        const operation = doc.paths[path]?.[method];
        assert.ok(operation?.security && operation.responses['401'], `${method.toUpperCase()} ${path}`);
      }
    });

    it('needs a token (401 JSON) and valid input (422)', async () => {
      for (const [method, url] of [
        ['GET', N],
        ['GET', `${N}/since?after_id=0`],
        ['GET', `${N}/unread-count`],
        ['POST', `${N}/set-viewed`],
        ['POST', `${N}/1/viewed`],
      ] as const) {
        const response = await api(ctx, method, url);
        assert.equal(response.status, 401, url);
        assert.deepEqual(response.body, { message: 'Unauthenticated.', errors: {} });
      }
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      for (const url of [`${N}?page=0`, `${N}?viewed=maybe`, `${N}?per_page=500`, `${N}/since`, `${N}/since?after_id=-1`]) {
        const response = await api(ctx, 'GET', url, token);
        assert.equal(response.status, 422, url);
        assert.ok(response.body.message && response.body.errors, url);
      }
      assert.equal((await api(ctx, 'POST', `${N}/abc/viewed`, token)).status, 422);
    });
  });
}
