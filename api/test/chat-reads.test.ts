import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createRedis } from '../src/redis';
import { users } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { bearer, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { api, CUSTOMER_A, CUSTOMER_B, OTHER_PARTNER_PHONE, PARTNER_PHONE, placeOrder, useConversationFixtures, userIdOf } from './notifications-support';

const C = '/api/excursion/chat';
const CHATTY = '79990000103';

for (const kind of databaseKinds()) {
  describe(`chat: read markers, unread counts, the send limit [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);
    const send = async (token: string, orderId: number, text: string) => {
      const response = await api(ctx, 'POST', `${C}/${orderId}/messages`, token, { text });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.data.id as number;
    };
    const viewed = (token: string, orderId: number, messageId: number) =>
      api(ctx, 'POST', `${C}/${orderId}/message-viewed/${messageId}`, token);
    const thread = async (token: string, orderId: number) => (await api(ctx, 'GET', `${C}/${orderId}/messages`, token)).body.data;
    const unread = async (token: string) => (await api(ctx, 'GET', `${C}/unread`, token)).body.data;

    it('counts the other side’s messages after my marker; the marker never moves back; own messages never unread', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const [customerId, partnerId] = [await userIdOf(ctx, CUSTOMER_A), await userIdOf(ctx, PARTNER_PHONE)];
      const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
      const other = await placeOrder(ctx, customer, PARTNER_PHONE);
      const m1 = await send(customer, orderId, 'Первый');
      const m2 = await send(customer, orderId, 'Второй');
      const m3 = await send(customer, other, 'В другом заказе');

      assert.deepEqual(await unread(partner), { total: 3, orders: { [orderId]: 2, [other]: 1 } });
      assert.deepEqual(await unread(customer), { total: 0, orders: {} });
      const before = await thread(partner, orderId);
      assert.deepEqual([before.unread, before.my_last_read_id, before.their_last_read_id], [2, 0, 0]);
      assert.equal((await thread(partner, orderId)).unread, 2, 'reading the thread marks nothing');

      const sent = published.length;
      assert.deepEqual((await viewed(partner, orderId, m1)).body, { status: true });
      assert.deepEqual(published.slice(sent), [
        { channel: userChannel(customerId), event: 'ChatMessagesRead', data: { order_id: orderId, reader_id: partnerId, last_read_id: m1 } },
      ]);
      assert.equal((await thread(partner, orderId)).unread, 1);
      assert.equal((await thread(customer, orderId)).their_last_read_id, m1);

      await viewed(partner, orderId, m2);
      const afterSecond = published.length;
      assert.equal((await viewed(partner, orderId, m1)).status, 200, 'an older id is accepted …');
      assert.equal((await thread(partner, orderId)).my_last_read_id, m2, '… and changes nothing');
      assert.equal(published.length, afterSecond, 'nothing to tell when the marker did not move');
      assert.deepEqual(await unread(partner), { total: 1, orders: { [other]: 1 } });

      // A reply: the customer has one unread; the partner's own reply is not unread for them.
      const reply = await send(partner, orderId, 'Ответ');
      assert.deepEqual(await unread(customer), { total: 1, orders: { [orderId]: 1 } });
      assert.equal((await thread(partner, orderId)).unread, 0);
      await viewed(customer, orderId, reply);
      assert.deepEqual(await unread(customer), { total: 0, orders: {} });

      // A message of another order is not this chat's.
      assert.equal((await viewed(partner, orderId, m3)).status, 404);
      assert.equal((await viewed(partner, orderId, 99999999)).status, 404);
      assert.equal((await viewed(partner, orderId, 0)).status, 422);
    });

    it('reading a chat views the notifications about the messages read', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_B);
      const partner = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      const orderId = await placeOrder(ctx, customer, OTHER_PARTNER_PHONE);
      await api(ctx, 'POST', '/api/excursion/notification/set-viewed', partner);
      const m1 = await send(customer, orderId, 'Раз');
      await send(customer, orderId, 'Два');
      const count = async () => (await api(ctx, 'GET', '/api/excursion/notification/unread-count', partner)).body.data.unread;
      assert.equal(await count(), 2);
      await viewed(partner, orderId, m1);
      assert.equal(await count(), 1);
      const [left] = (await api(ctx, 'GET', '/api/excursion/notification?viewed=false', partner)).body.data;
      assert.match(left.text, /пишет по заказу №\d+: «Два»$/);
    });

    it('limits sending to 20 messages a minute per user (429 in Russian); others are not affected', async () => {
      await ctx.db.insert(users).values({ phone: CHATTY, name: 'Вера Болтливая', userType: 'client' });
      const customer = await ctx.tokenFor(CHATTY);
      const partner = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      const orderId = await placeOrder(ctx, customer, OTHER_PARTNER_PHONE);
      const otherOrder = await placeOrder(ctx, customer, OTHER_PARTNER_PHONE);
      // Counted per user across their chats.
      for (let i = 1; i <= 20; i++) await send(customer, i % 2 ? orderId : otherOrder, `№${i}`);
      const refused = await api(ctx, 'POST', `${C}/${orderId}/messages`, customer, { text: 'ещё одно' });
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.body, {
        message: 'Слишком много сообщений. Подождите минуту.',
        errors: { text: ['Слишком много сообщений. Подождите минуту.'] },
      });
      assert.equal((await thread(customer, orderId)).messages.some((m: { text: string }) => m.text === 'ещё одно'), false);
      await send(partner, orderId, 'Гид может ответить');
    });

    const noRedis = !process.env.REDIS_URL && 'REDIS_URL is not set';
    it('counts one user’s messages across api processes through Redis', { skip: noRedis }, async () => {
      // A user id of its own per run: the counters live for a minute in the shared Redis.
      const id = randomInt(1_000_000, 2_000_000_000);
      const phone = `7999${String(id).padStart(10, '0')}`;
      await ctx.db.execute(sql`insert into users (id, phone, name, user_type) overriding system value values (${id}, ${phone}, 'Гена Два Окна', 'client')`);
      const customer = await ctx.tokenFor(phone);
      const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
      const clients = [createRedis(process.env.REDIS_URL!), createRedis(process.env.REDIS_URL!)];
      const config = loadConfig({ APP_ENV: 'test' });
      const apps = await Promise.all(clients.map((redis) => buildApp({ config, db: ctx.db, redis })));
      try {
        const post = (i: number) =>
          apps[i % 2]!.inject({ method: 'POST', url: `${C}/${orderId}/messages`, headers: bearer(customer), payload: { text: `№${i}` } });
        for (let i = 0; i < 20; i++) assert.equal((await post(i)).statusCode, 201, `message ${i + 1}`);
        assert.equal((await post(20)).statusCode, 429);
        assert.equal((await post(21)).statusCode, 429);
      } finally {
        for (const app of apps) await app.close();
        for (const redis of clients) await redis.quit();
      }
    });
  });
}
