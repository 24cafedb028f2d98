import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { notifications, orders, supportMessages, users } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_A, CUSTOMER_B, placeOrder, useConversationFixtures, userIdOf } from './notifications-support';
import { excursionIdOf, OTHER_PARTNER_PHONE } from './orders-support';
import { call } from './partner-misc-support';

const S = '/api/excursion/support';
const STAFF = '/api/staff/support/tickets';

for (const kind of databaseKinds()) {
  describe(`support: customers' and partners' tickets, the staff api, notifications both ways [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);

    it('a partner opens a ticket about their excursion; staff are notified; staff answer; the partner is notified live', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const staff = await ctx.tokenFor(STAFF_PHONE);
      const [partnerId, staffId] = [await userIdOf(ctx, PARTNER_PHONE), await userIdOf(ctx, STAFF_PHONE)];
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const before = published.length;

      const created = await call(ctx, 'POST', `${S}/tickets`, partner, {
        subject: '  Не приходят уведомления  ',
        text: 'Перестали приходить письма о новых заказах.',
        excursion_id: excursionId,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const ticket = created.body.data;
      assert.equal(ticket.subject, 'Не приходят уведомления');
      assert.equal(ticket.status, 'open');
      assert.deepEqual(ticket.excursion, { id: excursionId, title: 'Экскурсия serdtse-stolitsy' });
      assert.deepEqual(ticket.messages.map((m: { from_support: boolean; author_name: string }) => [m.from_support, m.author_name]), [[false, 'Михаил Орлов']]);
      const staffNotice = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, staffId), eq(notifications.type, 'staff_support_message')));
      assert.equal(staffNotice.length, 1);
      assert.deepEqual(staffNotice[0]!.data, { ticket_id: ticket.id });

      const queue = await call(ctx, 'GET', STAFF, staff);
      assert.ok(queue.body.data.data.some((t: { id: number; user: { user_type: string } }) => t.id === ticket.id && t.user.user_type === 'partner'));
      const read = await call(ctx, 'GET', `${STAFF}/${ticket.id}`, staff);
      assert.equal(read.body.data.messages.length, 1);

      const answered = await call(ctx, 'POST', `${STAFF}/${ticket.id}/answer`, staff, { text: 'Проверили: письма снова уходят.' });
      assert.equal(answered.status, 200);
      assert.equal(answered.body.data.status, 'answered');
      const mine = (await call(ctx, 'GET', `${S}/tickets/${ticket.id}`, partner)).body.data;
      assert.equal(mine.status, 'answered');
      assert.deepEqual(mine.messages.map((m: { from_support: boolean; author_name: string; text: string }) => [m.from_support, m.author_name, m.text]), [
        [false, 'Михаил Орлов', 'Перестали приходить письма о новых заказах.'],
        [true, 'Служба поддержки', 'Проверили: письма снова уходят.'],
      ]);
      const events = published.slice(before).filter((e) => e.event === 'NotificationSent');
      const toPartner = events.filter((e) => e.channel === userChannel(partnerId));
      assert.equal(toPartner.length, 1);
      assert.equal(toPartner[0]!.data.notification.type, 'partner_support_answer');
      assert.equal(toPartner[0]!.data.notification.link, `/account/partner/support?ticket=${ticket.id}`);
      assert.ok(events.some((e) => e.channel === userChannel(staffId)));
      // Answered tickets leave the staff's default (open) queue.
      assert.ok(!(await call(ctx, 'GET', STAFF, staff)).body.data.data.some((t: { id: number }) => t.id === ticket.id));

      // The partner writes again: open again, staff told; then closes it; writing again reopens it.
      const again = await call(ctx, 'POST', `${S}/tickets/${ticket.id}/messages`, partner, { text: 'Спасибо, всё работает.' });
      assert.equal(again.status, 201);
      assert.equal(again.body.data.status, 'open');
      const closed = await call(ctx, 'POST', `${S}/tickets/${ticket.id}/close`, partner);
      assert.equal(closed.body.data.status, 'closed');
      const list = (await call(ctx, 'GET', `${S}/tickets?status=closed`, partner)).body.data;
      assert.deepEqual(list.data.map((t: { id: number }) => t.id), [ticket.id]);
      assert.equal(list.data[0].messages_count, 3);
      assert.equal(list.data[0].last_message, 'Спасибо, всё работает.');
      const staffClosed = await call(ctx, 'POST', `${STAFF}/${ticket.id}/close`, staff);
      assert.equal(staffClosed.body.data.status, 'closed');
    });

    it('a customer: only their tickets, with an optional order of their own; the answer notifies them as a customer', async () => {
      const customerA = await ctx.tokenFor(CUSTOMER_A);
      const customerB = await ctx.tokenFor(CUSTOMER_B);
      const staff = await ctx.tokenFor(STAFF_PHONE);
      const orderA = await placeOrder(ctx, customerA, PARTNER_PHONE);
      const subjects = (await call(ctx, 'GET', `${S}/subjects`, customerA)).body.data;
      assert.deepEqual(subjects.orders.map((o: { id: number }) => o.id), [orderA]);
      assert.deepEqual(subjects.excursions, []);

      const created = await call(ctx, 'POST', `${S}/tickets`, customerA, { subject: 'Вопрос по заказу', text: 'Можно перенести?', order_id: orderA });
      assert.equal(created.status, 201);
      const id = created.body.data.id as number;
      assert.equal(created.body.data.order_id, orderA);
      // Someone else's order, an excursion (customers attach none): 422; nothing created.
      for (const body of [
        { subject: 'x', text: 'y', order_id: orderA },
        { subject: 'x', text: 'y', excursion_id: await excursionIdOf(ctx, 'serdtse-stolitsy') },
      ]) {
        const refused = await call(ctx, 'POST', `${S}/tickets`, customerB, body);
        assert.equal(refused.status, 422);
      }
      assert.equal((await call(ctx, 'GET', `${S}/tickets`, customerB)).body.data.total, 0);
      // Another owner's ticket is a 404 for every call.
      for (const [method, url, payload] of [
        ['GET', `${S}/tickets/${id}`, undefined],
        ['POST', `${S}/tickets/${id}/messages`, { text: 'Привет' }],
        ['POST', `${S}/tickets/${id}/close`, undefined],
      ] as const) {
        for (const token of [customerB, await ctx.tokenFor(PARTNER_PHONE)]) {
          const response = await call(ctx, method, url, token, payload);
          assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: { message: 'Not Found.', errors: {} } }, url);
        }
      }
      assert.equal((await call(ctx, 'GET', `${S}/tickets/999999`, customerA)).status, 404);

      await call(ctx, 'POST', `${STAFF}/${id}/answer`, staff, { text: 'Да, напишите гиду в чате заказа.' });
      const customerId = await userIdOf(ctx, CUSTOMER_A);
      const [notice] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, customerId), eq(notifications.type, 'client_support_answer')));
      assert.equal(notice!.link, `/account/user/support?ticket=${id}`);
      const staffMessage = await ctx.db.select().from(supportMessages).where(eq(supportMessages.ticketId, id));
      assert.equal(staffMessage.at(-1)!.senderId, await userIdOf(ctx, STAFF_PHONE));
    });

    it('a partner attaches only their own orders and excursions', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const other = await ctx.db.query.orders.findFirst({ where: eq(orders.partnerId, await userIdOf(ctx, OTHER_PARTNER_PHONE)) });
      const otherExcursion = await excursionIdOf(ctx, 'dvortsy-i-mosty');
      const refusals = [{ excursion_id: otherExcursion }, ...(other ? [{ order_id: other.id }] : []), { order_id: 999999 }];
      for (const extra of refusals) {
        const response = await call(ctx, 'POST', `${S}/tickets`, partner, { subject: 'Тема', text: 'Текст', ...extra });
        assert.equal(response.status, 422, JSON.stringify(extra));
        assert.ok(response.body.errors.order_id ?? response.body.errors.excursion_id);
      }
      const subjects = (await call(ctx, 'GET', `${S}/subjects`, partner)).body.data;
      assert.deepEqual(subjects.excursions.map((e: { title: string }) => e.title).sort(), [
        'Экскурсия moskva-s-detmi', 'Экскурсия serdtse-stolitsy', 'Экскурсия tainy-zamoskvorechya',
      ]);
    });

    it('bad input 422; no token 401; staff on owner calls 403; owners on staff calls 403; staff unknown ticket 404', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const staff = await ctx.tokenFor(STAFF_PHONE);
      for (const body of [{}, { subject: '   ', text: 'x' }, { subject: 'x', text: '  ' }, { subject: 'x'.repeat(301), text: 'y' },
        { subject: 'x', text: 'y'.repeat(5001) }, { subject: 'x', text: 'y', order_id: 0 }]) {
        const response = await call(ctx, 'POST', `${S}/tickets`, partner, body);
        assert.equal(response.status, 422, JSON.stringify(body).slice(0, 80));
        assert.ok(response.body.errors);
      }
      assert.equal((await call(ctx, 'GET', `${S}/tickets?status=lost`, partner)).status, 422);
      assert.equal((await call(ctx, 'GET', `${S}/tickets/abc`, partner)).status, 422);
      assert.equal((await call(ctx, 'GET', `${S}/tickets`)).status, 401);
      assert.equal((await call(ctx, 'GET', STAFF)).status, 401);
      for (const url of [`${S}/tickets`, `${S}/subjects`]) assert.equal((await call(ctx, 'GET', url, staff)).status, 403);
      assert.equal((await call(ctx, 'POST', `${S}/tickets`, staff, { subject: 'x', text: 'y' })).status, 403);
      const id = (await call(ctx, 'POST', `${S}/tickets`, customer, { subject: 'Тема', text: 'Текст' })).body.data.id;
      for (const token of [partner, customer]) {
        assert.equal((await call(ctx, 'GET', STAFF, token)).status, 403);
        assert.equal((await call(ctx, 'GET', `${STAFF}/${id}`, token)).status, 403);
        assert.equal((await call(ctx, 'POST', `${STAFF}/${id}/answer`, token, { text: 'x' })).status, 403);
        assert.equal((await call(ctx, 'POST', `${STAFF}/${id}/close`, token)).status, 403);
      }
      assert.equal((await call(ctx, 'GET', `${STAFF}/999999`, staff)).status, 404);
      assert.equal((await call(ctx, 'POST', `${STAFF}/999999/answer`, staff, { text: 'x' })).status, 404);
      assert.equal((await call(ctx, 'POST', `${STAFF}/${id}/answer`, staff, { text: ' ' })).status, 422);
      // The seeded customer ticket (answered, older answer without a sender) reads as support's.
      const seeded = (await call(ctx, 'GET', `${S}/tickets?status=answered`, customer)).body.data.data[0];
      const detail = (await call(ctx, 'GET', `${S}/tickets/${seeded.id}`, customer)).body.data;
      assert.deepEqual(detail.messages.map((m: { from_support: boolean }) => m.from_support), [false, true]);
      void users;
    });
  });
}
