import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { excursions, outbox, users } from '../src/db/schema';
import { localTime } from '../src/db/seed/events';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_PHONE, PARTNER_PHONE, type TestContext } from './helpers/app';
import { useSmtpTestApp } from './helpers/smtp-app';
import { call, createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, postOrder } from './orders-support';

const SITE = 'https://excursio.example';

async function paidOrderAtNoon(ctx: TestContext, token: string) {
  const noon = localTime(new Date(), 2, '12:00', 'Europe/Moscow').getTime() - Date.now();
  const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, startsIn: noon });
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.data.id as number;
  const paymentId = (await call(ctx, 'POST', `${ORDER}/${id}/pay`, token)).body.data.payment_id as string;
  await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  const event = await ctx.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, slot) });
  return { id, start: event!.startsAt.getTime() };
}

const textOf = (mail: { text?: string }) => mail.text ?? '';
const htmlOf = (mail: { html?: string | false }) => (typeof mail.html === 'string' ? mail.html : '');

for (const kind of databaseKinds()) {
  describe(`e-mail over SMTP (nodemailer) to a real SMTP server [${kind}]`, () => {
    const { ctx, smtp } = useSmtpTestApp(kind, SITE);

    it('sends the e-mail confirmation code: plain text and HTML in Russian, from MAIL_FROM', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const asked = await call(ctx, 'POST', '/api/excursion/user/account/email', token, { email: 'anna@example.ru' });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const mail = smtp.received.at(-1)!;
      assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', 'anna@example.ru');
      assert.deepEqual(mail.from?.value[0], { name: 'Excursio', address: 'noreply@excursio.example' });
      const code = /Код подтверждения Excursio: (\d{6})/.exec(mail.subject ?? '')![1]!;
      assert.ok(textOf(mail).includes(`Ваш код для подтверждения почты на Excursio: ${code}.`));
      assert.ok(htmlOf(mail).includes(code));
      assert.match(mail.messageId ?? '', /^<outbox-\d+-\d+@excursio>$/);
      assert.equal((await call(ctx, 'POST', '/api/excursion/user/account/email/confirm', token, { code })).status, 200);
      const [row] = await ctx.db.select().from(outbox).where(eq(outbox.recipient, 'anna@example.ru'));
      assert.equal(row!.state, 'sent');
      assert.ok(!JSON.stringify(row!.result).includes('smtp-p@ss'));
    });

    it('the payment letter links the order and names where the receipt went; the day-before reminder escapes user text and can be unsubscribed', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      await ctx.db.update(users).set({ email: 'anna@example.ru', emailReminders: true }).where(eq(users.phone, CUSTOMER_PHONE));
      await ctx.db.update(excursions).set({ title: '<b>Сердце</b> & «столица»' }).where(eq(excursions.slug, 'serdtse-stolitsy'));
      const before = smtp.received.length;
      const { id, start } = await paidOrderAtNoon(ctx, token);
      await ctx.app.lifecycle.runOnce(new Date(start - 30 * HOUR_MS));
      const paidLetter = smtp.received.slice(before).find((m) => m.subject === `Заказ №${id} оплачен`);
      assert.ok(paidLetter, 'the payment letter was sent');
      assert.ok(textOf(paidLetter).includes(`${SITE}/account/user/${id}`));

      await ctx.app.lifecycle.runOnce(new Date(start - 22 * HOUR_MS));
      const reminder = smtp.received.find((m) => m.subject === 'Завтра экскурсия «<b>Сердце</b> & «столица»»');
      assert.ok(reminder, 'the reminder was sent');
      assert.ok(textOf(reminder).includes('Завтра экскурсия «<b>Сердце</b> & «столица»»'));
      assert.ok(!htmlOf(reminder).includes('<b>Сердце</b>'), 'user text never as HTML');
      assert.ok(htmlOf(reminder).includes('&lt;b&gt;Сердце&lt;/b&gt; &amp; «столица»'));
      const unsubscribe = /Отписаться от напоминаний: (\S+)/.exec(textOf(reminder))![1]!;
      assert.ok(unsubscribe.startsWith(`${SITE}/api/mail/unsubscribe?user=`));
      // mailparser gathers the List-* headers under `list`
      assert.match(JSON.stringify(reminder.headers.get('list') ?? ''), /unsubscribe\?user=/);
      // a forged token changes nothing; the letter's own link turns reminders off
      const path = unsubscribe.slice(SITE.length);
      const forged = await ctx.app.inject({ method: 'GET', url: path.replace(/token=\w+/, 'token=0000') });
      assert.equal(forged.statusCode, 403);
      const done = await ctx.app.inject({ method: 'GET', url: path });
      assert.equal(done.statusCode, 200);
      assert.match(done.body, /Вы отписались от напоминаний/);
      const settings = await call(ctx, 'GET', '/api/excursion/user/account', token);
      assert.equal(settings.body.data.email_reminders, false);
      // the partner's evening digest by e-mail, from 18:00 the day before
      await ctx.db.update(users).set({ email: 'mikhail@example.ru' }).where(eq(users.phone, PARTNER_PHONE));
      await ctx.app.lifecycle.runOnce(new Date(localTime(new Date(start), -1, '18:00', 'Europe/Moscow').getTime() + 60_000));
      const digest = smtp.received.find((m) => m.subject === 'Ваши экскурсии на завтра');
      assert.ok(digest, 'the digest was sent');
      assert.match(textOf(digest), /Завтра у вас: .*3 участника/);
      assert.ok(textOf(digest).includes(`${SITE}/account/partner/calendar`));
      // the next order's reminder is not mailed (the notification centre still has it)
      const next = await paidOrderAtNoon(ctx, token);
      const count = smtp.received.length;
      await ctx.app.lifecycle.runOnce(new Date(next.start - 22 * HOUR_MS));
      assert.ok(!smtp.received.slice(count).some((m) => m.subject?.startsWith('Завтра экскурсия')));
    });

    it('the SMTP server down: the letter waits in the outbox and is sent once when it is back', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      smtp.down = true;
      const asked = await call(ctx, 'POST', '/api/excursion/user/account/email', token, { email: 'vera@example.ru' });
      assert.equal(asked.status, 200, 'the request succeeds: the letter is queued');
      const [row] = await ctx.db.select().from(outbox).where(and(eq(outbox.recipient, 'vera@example.ru'), eq(outbox.kind, 'email')));
      assert.equal(row!.state, 'pending');
      assert.ok(row!.lastError);
      assert.ok(!row!.lastError!.includes('smtp-p@ss'), 'no secret in the stored error');
      smtp.down = false;
      const later = new Date(ctx.app.lifecycle.clock.now().getTime() + 11_000);
      assert.equal((await ctx.app.lifecycle.outbox.deliverDue(later)).sent, 1);
      assert.equal((await ctx.app.lifecycle.outbox.deliverDue(new Date(later.getTime() + 3600_000))).sent, 0);
      assert.equal(smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'vera@example.ru').length, 1);
    });
  });
}
