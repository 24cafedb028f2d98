import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { chatMessages, users } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import {
  api,
  CUSTOMER_A,
  CUSTOMER_B,
  OTHER_PARTNER_PHONE,
  PARTNER_PHONE,
  payOrder,
  placeOrder,
  useConversationFixtures,
  userIdOf,
} from './notifications-support';

const C = '/api/excursion/chat';
const PHONE_TEXT = 'Мой номер +7 999 123-45-67, почта anna@mail.ru. Встречаемся 12.05.2026 в 10:00, стоимость 3 500 ₽, заказ №42';
const PHONE_MASKED = 'Мой номер +7 *** ***-**-**, почта ***@***. Встречаемся 12.05.2026 в 10:00, стоимость 3 500 ₽, заказ №42';

for (const kind of databaseKinds()) {
  describe(`chat: an order's two parties, masking, realtime [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);
    const send = (token: string, orderId: number, text: unknown) => api(ctx, 'POST', `${C}/${orderId}/messages`, token, { text });
    const thread = async (token: string, orderId: number, query = '') => (await api(ctx, 'GET', `${C}/${orderId}/messages${query}`, token)).body.data;

    it('only the order’s customer and partner may read or write; anyone else gets a 404, never the messages', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
      const sent = await send(customer, orderId, 'Здравствуйте!');
      assert.equal(sent.status, 201);
      for (const phone of [CUSTOMER_B, OTHER_PARTNER_PHONE]) {
        const stranger = await ctx.tokenFor(phone);
        for (const [method, url, payload] of [
          ['GET', `${C}/${orderId}/messages`, undefined],
          ['POST', `${C}/${orderId}/messages`, { text: 'Привет' }],
          ['POST', `${C}/${orderId}/message-viewed/${sent.body.data.id as number}`, undefined],
        ] as const) {
          const response = await api(ctx, method, url, stranger, payload);
          assert.equal(response.status, 404, `${phone} ${method} ${url}`);
          assert.deepEqual(response.body, { message: 'Not Found.', errors: {} });
        }
      }
      assert.equal((await api(ctx, 'GET', `${C}/${orderId}/messages`)).status, 401);
      assert.equal((await api(ctx, 'GET', `${C}/999999/messages`, customer)).status, 404);
      assert.equal((await api(ctx, 'GET', `${C}/unread`)).status, 401);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      assert.deepEqual((await thread(partner, orderId)).messages.map((m: { text: string }) => m.text), ['Здравствуйте!']);
    });

    it('sends: stored as typed, answered and published masked until paid, the receiver notified', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const [customerId, partnerId] = [await userIdOf(ctx, CUSTOMER_A), await userIdOf(ctx, PARTNER_PHONE)];
      const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
      const before = published.length;

      const sent = await send(partner, orderId, `  ${PHONE_TEXT}\n`);
      assert.equal(sent.status, 201);
      const message = sent.body.data;
      assert.deepEqual(
        { ...message, id: 0, created_at: '' },
        { id: 0, order_id: orderId, sender_id: partnerId, sender_type: 'partner', text: PHONE_MASKED, created_at: '' },
      );
      const [row] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
      assert.equal(row!.text, PHONE_TEXT, 'stored as typed (trimmed)');

      const events = published.slice(before);
      const chatEvents = events.filter((e) => e.event === 'ChatMessageSent');
      assert.deepEqual(chatEvents.map((e) => e.channel).sort(), [userChannel(customerId), userChannel(partnerId)].sort());
      const avatar = (await ctx.db.query.users.findFirst({ where: eq(users.id, partnerId) }))!.avatarPath;
      for (const e of chatEvents) {
        assert.deepEqual(e.data, {
          message,
          // the customer knows the guide «Орлов Тур» from the order: the partner account says it writes for them
          sender: { id: partnerId, name: 'Михаил Орлов', avatar_path: avatar, user_type: 'partner', display_name: 'Михаил Орлов (организатор; гид — Орлов Тур)' },
        });
      }
      const notice = events.find((e) => e.event === 'NotificationSent' && e.channel === userChannel(customerId));
      assert.equal(notice?.data.notification.type, 'client_chat_message');
      assert.equal(notice?.data.notification.link, `/account/user/${orderId}`);
      assert.deepEqual(notice?.data.notification.data, { order_id: orderId, message_id: message.id });
      assert.equal(notice?.data.notification.text, `Михаил Орлов (организатор; гид — Орлов Тур) пишет по заказу №${orderId}: «${PHONE_MASKED.slice(0, 100).trimEnd()}…»`);
      assert.ok(!events.some((e) => e.event === 'NotificationSent' && e.channel === userChannel(partnerId)));

      for (const token of [customer, partner]) {
        const view = await thread(token, orderId);
        assert.equal(view.contacts_masked, true);
        assert.equal(view.messages[0].text, PHONE_MASKED);
      }
      await payOrder(ctx, customer, orderId);
      for (const token of [customer, partner]) {
        const view = await thread(token, orderId);
        assert.equal(view.contacts_masked, false);
        assert.equal(view.messages[0].text, PHONE_TEXT);
      }
      assert.equal((await send(customer, orderId, 'мой: 8 (912) 000-11-22')).body.data.text, 'мой: 8 (912) 000-11-22');
    });

    it('text only: trimmed, 1–2000 characters (Russian reasons), HTML kept as plain text', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
      for (const text of ['', '   \n ', undefined, 42]) {
        const response = await send(customer, orderId, text);
        assert.equal(response.status, 422, String(text));
        assert.deepEqual(response.body, { message: 'Напишите сообщение.', errors: { text: ['Напишите сообщение.'] } });
      }
      const long = await send(customer, orderId, 'я'.repeat(2001));
      assert.equal(long.status, 422);
      assert.deepEqual(long.body.errors, { text: ['Сообщение длиннее 2000 символов.'] });
      assert.equal((await send(customer, orderId, ` ${'я'.repeat(2000)} `)).status, 201);
      assert.equal((await send(customer, orderId, '👍'.repeat(2000))).status, 201);

      const html = '<b>Жирный</b> <script>alert("x")</script> <img src=x onerror=alert(1)> &amp;';
      const sent = await send(customer, orderId, html);
      assert.equal(sent.status, 201);
      assert.match(String(sent.headers['content-type']), /^application\/json/);
      assert.equal(sent.body.data.text, html);
      assert.equal((await thread(customer, orderId)).messages.at(-1).text, html);
    });

    it('pages backwards with before_id and limit, oldest → newest in a page', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_A);
      const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
      for (let i = 1; i <= 5; i++) await send(customer, orderId, `сообщение ${i}`);
      const newest = await thread(customer, orderId, '?limit=2');
      assert.deepEqual(newest.messages.map((m: { text: string }) => m.text), ['сообщение 4', 'сообщение 5']);
      assert.equal(newest.has_more, true);
      const older = await thread(customer, orderId, `?limit=2&before_id=${newest.messages[0].id as number}`);
      assert.deepEqual(older.messages.map((m: { text: string }) => m.text), ['сообщение 2', 'сообщение 3']);
      const oldest = await thread(customer, orderId, `?limit=2&before_id=${older.messages[0].id as number}`);
      assert.deepEqual([oldest.messages.length, oldest.has_more], [1, false]);
      assert.equal((await api(ctx, 'GET', `${C}/${orderId}/messages?limit=101`, customer)).status, 422);
    });
  });
}
