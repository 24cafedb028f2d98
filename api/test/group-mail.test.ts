// Issue 32 by e-mail, through the real SMTP channel to a local SMTP server: a waiting request's letter offers up to three
// alternatives, each a «Забронировать вместо» link; a group that gathered is told «Группа собралась»; a group cancelled
// below its minimum is told the refund and the nearest dates, each a link to the order form.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { excursions, users } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, type TestContext } from './helpers/app';
import { useSmtpTestApp } from './helpers/smtp-app';
import { databaseKinds } from './helpers/database';
import { call, cancelSlotsSoon, clearDayInThreeDays, createSlot, excursionIdOf, HOUR_MS, inThreeDaysAt, ORDER, orderBody, postOrder } from './orders-support';
import { call as send } from './partner-misc-support';

const SITE = 'https://excursio.example';
const GROUP_SLUG = 'serdtse-stolitsy';
const REQUEST = 'moskva-s-detmi';
const EMAIL = 'anna@example.ru';
const textOf = (mail: ParsedMail) => mail.text ?? '';
const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

for (const kind of databaseKinds()) {
  describe(`issue 32's e-mails over SMTP [${kind}]`, () => {
    const { ctx, smtp } = useSmtpTestApp(kind, SITE);

    /** The letter with this subject, once the outbox has sent it (the worker's round sends what is due). */
    async function letter(subject: string): Promise<ParsedMail> {
      for (let round = 0; round < 5; round += 1) {
        const found = smtp.received.find((m) => m.subject === subject);
        if (found) return found;
        await ctx.app.lifecycle.runOnce(new Date());
      }
      assert.fail(`no letter «${subject}» among ${JSON.stringify(smtp.received.map((m) => m.subject))}`);
    }

    async function withMinimum(partner: string, groupMin: number | null) {
      const res = await send(ctx, 'PUT', '/api/excursion/partner/calendar/group', partner, { excursion_id: await excursionIdOf(ctx, GROUP_SLUG), group_min: groupMin, decision_hours: 24 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }

    async function paidOrder(ctx: TestContext, token: string, slot: number) {
      const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, GROUP_SLUG), slot));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data.id as number;
      const started = await call(ctx, 'POST', `${ORDER}/${id}/pay`, token);
      await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${started.body.data.payment_id}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      return (await call(ctx, 'GET', `${ORDER}/${id}`, token)).body.data as { id: number; prepayment: number };
    }

    before(async () => {
      await ctx.db.update(users).set({ email: EMAIL }).where(eq(users.phone, CUSTOMER_PHONE));
    });

    it('a waiting request’s letter offers up to three alternatives, each «Забронировать вместо» opening the order with it chosen', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, REQUEST));
      await ctx.db.update(excursions).set({ instantBooking: true, rating: 4.8, title: 'Сердце <b>столицы</b>' }).where(eq(excursions.slug, GROUP_SLUG));
      // the day's only slot of the excursion (its earliest slot of the day is the one offered)
      await clearDayInThreeDays(ctx, GROUP_SLUG);
      const alternative = await createSlot(ctx, GROUP_SLUG, { startsIn: inThreeDaysAt('15:00') });
      const slot = await createSlot(ctx, REQUEST, { startsIn: inThreeDaysAt('12:00') });
      const created = await postOrder(ctx, customer, orderBody(await excursionIdOf(ctx, REQUEST), slot));
      assert.equal(created.body.data.status, 'awaiting_confirmation', JSON.stringify(created.body));
      const id = created.body.data.id as number;

      const mail = await letter(`Заказ №${id}: можно забронировать сразу`);
      assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', EMAIL);
      const links = [...textOf(mail).matchAll(/^Забронировать вместо: (.+): (\S+)$/gm)];
      assert.ok(links.length >= 1 && links.length <= 3, textOf(mail));
      const mine = links.find((l) => l[2] === `${SITE}/account/user/${id}?instead=${alternative}`);
      assert.ok(mine, `the alternative's link: ${textOf(mail)}`);
      assert.match(mine[1]!, /^«Сердце <b>столицы<\/b>», /);
      assert.ok(htmlOf(mail).includes(`href="${SITE}/account/user/${id}?instead=${alternative}"`));
      assert.ok(!htmlOf(mail).includes('<b>столицы</b>'), 'the title never as HTML');
      assert.ok(textOf(mail).includes('заявка отзовётся сама, платить дважды не придётся'));
      assert.ok(textOf(mail).includes(`Открыть заказ: ${SITE}/account/user/${id}`));
      await ctx.db.update(excursions).set({ title: 'Сердце столицы' }).where(eq(excursions.slug, GROUP_SLUG));
    });

    it('a group that gathered: everyone booked gets «Группа собралась» with the order’s link, once', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await withMinimum(partner, 3);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const due = await createSlot(ctx, GROUP_SLUG, { startsIn: 20 * HOUR_MS, capacity: 10 });
      const order = await paidOrder(ctx, customer, due);
      await ctx.app.lifecycle.runOnce(new Date());

      const mail = await letter('Группа собралась: «Сердце столицы» состоится');
      assert.match(textOf(mail), new RegExp(`Заказ №${order.id}\\. Группа собралась: «Сердце столицы» .+ состоится\\.`));
      assert.ok(textOf(mail).includes('Записалось 3 из 3 нужных — экскурсия точно будет.'), textOf(mail));
      assert.ok(textOf(mail).includes(`Открыть заказ: ${SITE}/account/user/${order.id}`));
      assert.ok(htmlOf(mail).includes('Группа собралась'));
      await ctx.app.lifecycle.runOnce(new Date());
      assert.equal(smtp.received.filter((m) => m.subject === mail.subject && textOf(m).includes(`№${order.id}.`)).length, 1, 'once');
      await withMinimum(partner, null);
    });

    it('a group cancelled below its minimum: the refund in full and the nearest dates, each a link to the order form', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await withMinimum(partner, 6);
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const due = await createSlot(ctx, GROUP_SLUG, { startsIn: 20 * HOUR_MS, capacity: 10 });
      const next = await createSlot(ctx, GROUP_SLUG, { startsIn: 50 * HOUR_MS, capacity: 10 });
      const full = await createSlot(ctx, GROUP_SLUG, { startsIn: 40 * HOUR_MS, capacity: 10, booked: 9 });
      // the nearest dates are offered: none of the seed's before this test's own
      await cancelSlotsSoon(ctx, GROUP_SLUG, 51 * HOUR_MS, [due, next, full]);
      const order = await paidOrder(ctx, customer, due);
      assert.ok(order.prepayment > 0);
      // a second traveller's request waits on the same slot (the excursion is on request for it)
      await ctx.db.insert(users).values({ phone: '79990000321', name: 'Ждущий запрос', userType: 'client', email: 'waiting@example.test' }).onConflictDoNothing();
      await ctx.db.update(excursions).set({ instantBooking: false }).where(eq(excursions.slug, GROUP_SLUG));
      const waiting = await postOrder(ctx, await ctx.tokenFor('79990000321'), orderBody(await excursionIdOf(ctx, GROUP_SLUG), due));
      await ctx.db.update(excursions).set({ instantBooking: true }).where(eq(excursions.slug, GROUP_SLUG));
      assert.equal(waiting.body.data?.status, 'awaiting_confirmation', JSON.stringify(waiting.body));
      await ctx.app.lifecycle.runOnce(new Date());
      // the request gets the group's letter, and only that one (not a declined request's alternatives as well)
      const forRequest = await letter(`Заказ №${waiting.body.data.id}: группа не набралась, предоплата вернётся`);
      assert.match(nbsp(textOf(forRequest)), /Оплаты по заказу не было: ничего не списано\./);
      await ctx.app.lifecycle.runOnce(new Date());
      assert.deepEqual(
        smtp.received.filter((m) => m.subject?.startsWith(`Заказ №${waiting.body.data.id}:`)).map((m) => m.subject),
        [`Заказ №${waiting.body.data.id}: группа не набралась, предоплата вернётся`],
      );

      const mail = await letter(`Заказ №${order.id}: группа не набралась, предоплата вернётся`);
      const text = nbsp(textOf(mail));
      assert.match(text, /«Сердце столицы» .+ отменена — группа не набралась \(записалось 3 из 6 нужных\)\./);
      assert.ok(text.includes(`Предоплату ${new Intl.NumberFormat('ru-RU').format(order.prepayment).replace(/\u00a0/g, ' ')} ₽ возвращаем полностью.`), text);
      const region = (await call(ctx, 'GET', `${ORDER}/${order.id}`, customer)).body.data.excursion as { region_slug: string; city_slug: string; slug: string };
      const form = `${SITE}/excursion/${region.region_slug}/${region.city_slug}/${region.slug}/order?event=`;
      const dates = [...text.matchAll(/^Забронировать на (.+): (\S+)$/gm)].map((m) => m[2]);
      assert.ok(dates.includes(`${form}${next}`), text);
      assert.ok(!dates.includes(`${form}${due}`), 'not the cancelled slot');
      assert.ok(!dates.includes(`${form}${full}`), 'not a slot the order’s 3 people do not fit on');
      assert.ok(dates.length <= 3);
      assert.ok(htmlOf(mail).includes(`href="${form}${next}"`));
      await withMinimum(partner, null);
    });
  });
}
