// Issue 13: the traveller's name, a confirmed e-mail, deleting the account.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { favorites, mailOutbox, orders, reviews, users } from '../src/db/schema';
import { accountForPhone } from '../src/features/sso/accounts';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { call } from './partner-misc-support';

const A = '/api/excursion/user/account';

async function newTraveller(ctx: TestContext, phone: string, name = 'Путешественник') {
  const [user] = await ctx.db.insert(users).values({ phone, name, userType: 'client' }).returning({ id: users.id });
  return { id: user!.id, token: await ctx.tokenFor(phone) };
}

const lastCode = async (ctx: TestContext, to: string) => {
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
};

for (const kind of databaseKinds()) {
  describe(`account settings: name, e-mail confirmed by a code, deleting the account [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('renames, refusing an empty or letterless name', async () => {
      const { token } = await newTraveller(ctx, '79161110001');
      assert.equal((await call(ctx, 'GET', A, token)).body.data.name, 'Путешественник');
      const empty = await call(ctx, 'PUT', `${A}/name`, token, { name: '   ' });
      assert.equal(empty.status, 422);
      assert.deepEqual(empty.body.errors, { name: ['Укажите имя: хотя бы 2 буквы.'] });
      assert.equal((await call(ctx, 'PUT', `${A}/name`, token, { name: '12345' })).status, 422);
      const named = await call(ctx, 'PUT', `${A}/name`, token, { name: '  Вера   Николаевна ' });
      assert.equal(named.status, 200);
      assert.equal(named.body.data.name, 'Вера Николаевна');
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/excursion/partner/profile', headers: bearer(token) });
      assert.equal(profile.json().data.name, 'Вера Николаевна');
    });

    it('uses an e-mail only after its code comes back; wrong codes are counted; codes are limited', async () => {
      const { token } = await newTraveller(ctx, '79161110002');
      assert.equal((await call(ctx, 'POST', `${A}/email`, token, { email: 'не почта' })).status, 422);
      const asked = await call(ctx, 'POST', `${A}/email`, token, { email: ' Vera@Example.RU ' });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      assert.deepEqual([asked.body.data.email, asked.body.data.pending_email], [null, 'vera@example.ru']);
      const code = await lastCode(ctx, 'vera@example.ru');
      assert.match(code, /^\d{6}$/);
      const wrong = code === '000000' ? '000001' : '000000';
      const miss = await call(ctx, 'POST', `${A}/email/confirm`, token, { code: wrong });
      assert.equal(miss.status, 422);
      assert.deepEqual(miss.body.errors, { code: ['Неверный код.'] });
      const confirmed = await call(ctx, 'POST', `${A}/email/confirm`, token, { code });
      assert.equal(confirmed.status, 200);
      assert.deepEqual([confirmed.body.data.email, confirmed.body.data.pending_email], ['vera@example.ru', null]);

      // five wrong codes spend a code
      await call(ctx, 'POST', `${A}/email`, token, { email: 'new@example.ru' });
      const fresh = await lastCode(ctx, 'new@example.ru');
      const other = fresh === '111111' ? '222222' : '111111';
      for (let i = 0; i < 4; i++) assert.equal((await call(ctx, 'POST', `${A}/email/confirm`, token, { code: other })).body.errors.code[0], 'Неверный код.');
      assert.match((await call(ctx, 'POST', `${A}/email/confirm`, token, { code: other })).body.errors.code[0], /Слишком много/);
      assert.match((await call(ctx, 'POST', `${A}/email/confirm`, token, { code: fresh })).body.errors.code[0], /Слишком много/);
      assert.equal((await call(ctx, 'GET', A, token)).body.data.email, 'vera@example.ru', 'the confirmed address stays');

      // at most 5 codes an hour (two sent so far)
      for (let i = 0; i < 3; i++) assert.equal((await call(ctx, 'POST', `${A}/email`, token, { email: `n${i}@example.ru` })).status, 200);
      const limited = await call(ctx, 'POST', `${A}/email`, token, { email: 'n9@example.ru' });
      assert.equal(limited.status, 429);

      const removed = await call(ctx, 'DELETE', `${A}/email`, token);
      assert.deepEqual([removed.body.data.email, removed.body.data.pending_email], [null, null]);
    });

    it('refuses to delete while a trip is ahead, and a partner’s account', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const ahead = (await call(ctx, 'GET', A, customer)).body.data.upcoming_orders;
      assert.ok(ahead > 0, 'the demo customer has upcoming orders');
      const refused = await call(ctx, 'DELETE', A, customer);
      assert.equal(refused.status, 409);
      assert.match(refused.body.message, /Сначала отмените или завершите предстоящие заказы: №\d+/);
      const partner = await call(ctx, 'DELETE', A, await ctx.tokenFor(PARTNER_PHONE));
      assert.equal(partner.status, 409);
      assert.match(partner.body.message, /через поддержку/);
    });

    it('deletes an account: personal data erased, tokens revoked, reviews anonymous, orders kept; the phone starts afresh', async () => {
      const phone = '79161110003';
      const { id, token } = await newTraveller(ctx, phone, 'Олег Удаляев');
      const excursion = await ctx.db.query.excursions.findFirst({ columns: { id: true } });
      await ctx.db.insert(favorites).values({ userId: id, excursionId: excursion!.id });
      await ctx.db.insert(reviews).values({ excursionId: excursion!.id, userId: id, authorName: 'Олег Удаляев', rating: 5, text: 'Всё понравилось, спасибо!' });
      const anyOrder = await ctx.db.query.orders.findFirst({ columns: { id: true } });
      await ctx.db.update(orders).set({ customerId: id, status: 'completed' }).where(eq(orders.id, anyOrder!.id));

      const deleted = await ctx.app.inject({ method: 'DELETE', url: A, headers: bearer(token) });
      assert.equal(deleted.statusCode, 204, deleted.body);
      assert.equal((await call(ctx, 'GET', A, token)).status, 401, 'the token is revoked');
      const row = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
      assert.deepEqual([row!.name, row!.phone, row!.email, row!.avatarPath, Boolean(row!.deletedAt)], ['Удалённый пользователь', `x${id}`, null, null, true]);
      assert.equal((await ctx.db.select().from(favorites).where(eq(favorites.userId, id))).length, 0);
      const review = await ctx.db.query.reviews.findFirst({ where: eq(reviews.text, 'Всё понравилось, спасибо!') });
      assert.deepEqual([review!.authorName, review!.userId], ['Путешественник', null]);
      const order = await ctx.db.query.orders.findFirst({ where: eq(orders.id, anyOrder!.id) });
      assert.equal(order!.customerId, id, 'the order stays for the partner');

      // signing in with the phone again is a new, empty account
      const again = await accountForPhone(ctx.db, phone);
      assert.notEqual(again.id, id);
      assert.equal(again.name, 'Путешественник');
      const fresh = (await call(ctx, 'GET', A, await ctx.tokenFor(phone))).body.data;
      assert.deepEqual([fresh.name, fresh.email, fresh.upcoming_orders], ['Путешественник', null, 0]);
    });
  });
}
