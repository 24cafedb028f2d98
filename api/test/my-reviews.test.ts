// Issue 13: a traveller reviews a completed order once, edits it for 7 days and reads the guide's reply; the
// excursion's and the guide's ratings follow; the partner is told.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { excursions, guides, notifications, orders } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { createSlot, excursionIdOf, orderBody, otherCustomerToken, postOrder } from './orders-support';
import { call } from './partner-misc-support';

const R = '/api/excursion/user/reviews';
const DAY_MS = 24 * 60 * 60 * 1000;

/** An order of the customer's for a slot of serdtse-stolitsy, moved to `status` (the lifecycle is tested elsewhere). */
async function orderIn(ctx: TestContext, token: string, status: 'completed' | 'confirmed' = 'completed'): Promise<number> {
  const slot = await createSlot(ctx, 'serdtse-stolitsy');
  const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.data.id as number;
  await ctx.db.update(orders).set({ status }).where(eq(orders.id, id));
  return id;
}

const ratingsOf = async (ctx: TestContext) => {
  const excursion = await ctx.db.query.excursions.findFirst({ where: eq(excursions.slug, 'serdtse-stolitsy') });
  const guide = excursion?.guideId ? await ctx.db.query.guides.findFirst({ where: eq(guides.id, excursion.guideId) }) : undefined;
  return { excursion: Number(excursion!.rating), count: excursion!.reviewsCount, guide: guide ? Number(guide.rating) : null };
};

for (const kind of databaseKinds()) {
  describe(`my reviews: write once for a completed order, edit for 7 days, ratings and the partner follow [${kind}]`, () => {
    const ctx = useTestApp(kind);
    after(() => ctx.app.lifecycle.clock.reset());

    it('invites a review for a completed order, writes it once, recounts the ratings and tells the partner', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await orderIn(ctx, customer);
      const before = await ratingsOf(ctx);
      const list = await call(ctx, 'GET', R, customer);
      assert.equal(list.status, 200);
      const invitation = list.body.data.awaiting.find((a: { order_id: number }) => a.order_id === id);
      assert.equal(invitation.excursion.path, '/excursion/moskva/moskva/serdtse-stolitsy');

      const tooShort = await call(ctx, 'POST', R, customer, { order_id: id, rating: 5, text: '  Ок  ' });
      assert.equal(tooShort.status, 422);
      assert.match(tooShort.body.errors.text[0], /слишком короткий/);
      const badRating = await call(ctx, 'POST', R, customer, { order_id: id, rating: 6, text: 'Отличная прогулка!' });
      assert.equal(badRating.status, 422);
      assert.ok(badRating.body.errors.rating);

      const text = 'Отличная прогулка, гид знает город как свои пять пальцев.';
      const written = await call(ctx, 'POST', R, customer, { order_id: id, rating: 1, text });
      assert.equal(written.status, 201, JSON.stringify(written.body));
      assert.equal(written.body.data.text, text);
      assert.ok(written.body.data.editable_until);
      const after1 = await ratingsOf(ctx);
      assert.equal(after1.count, before.count + 1);
      assert.ok(after1.excursion < before.excursion, 'a 1-star review lowers the excursion rating');
      if (before.guide !== null) assert.ok(after1.guide! < before.guide, 'and the guide’s');
      const partner = await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.phone, PARTNER_PHONE) });
      const told = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, partner!.id), eq(notifications.type, 'partner_review_new')));
      assert.ok(told.some((n) => n.text.includes('Отличная прогулка')));

      const again = await call(ctx, 'POST', R, customer, { order_id: id, rating: 5, text: 'Ещё один отзыв о том же.' });
      assert.equal(again.status, 409);
      const mine = (await call(ctx, 'GET', R, customer)).body.data;
      assert.ok(!mine.awaiting.some((a: { order_id: number }) => a.order_id === id), 'no longer awaiting');
      assert.equal(mine.reviews[0].order_id, id);

      // published on the excursion's reviews
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const published = await ctx.app.inject({ method: 'GET', url: `/api/excursion/public/excursions/${excursionId}/reviews` });
      assert.equal(published.statusCode, 200);
      assert.ok(published.body.includes('как свои пять пальцев'), 'the new review is on the excursion page');
    });

    it('refuses an order that is not completed, and another customer’s order, without telling it exists', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const confirmed = await orderIn(ctx, customer, 'confirmed');
      const early = await call(ctx, 'POST', R, customer, { order_id: confirmed, rating: 5, text: 'Ещё не ездили, но уверены.' });
      assert.equal(early.status, 422);
      assert.match(early.body.errors.order_id[0], /после того, как экскурсия состоялась/);
      const completed = await orderIn(ctx, customer);
      const stranger = await otherCustomerToken(ctx);
      const foreign = await call(ctx, 'POST', R, stranger, { order_id: completed, rating: 5, text: 'Чужой заказ, чужой отзыв.' });
      assert.equal(foreign.status, 422);
      assert.deepEqual(foreign.body.errors, { order_id: ['Заказ не найден.'] });
      const theirs = (await call(ctx, 'GET', R, stranger)).body.data;
      assert.deepEqual(theirs, { reviews: [], awaiting: [] });
    });

    it('edits for 7 days; the partner’s reply shows; another customer cannot touch it', async () => {
      const customer = await ctx.tokenFor(CUSTOMER_PHONE);
      const id = await orderIn(ctx, customer);
      const written = await call(ctx, 'POST', R, customer, { order_id: id, rating: 3, text: 'Нормально, но долго ждали гида.' });
      const reviewId = written.body.data.id as number;
      const edited = await call(ctx, 'PUT', `${R}/${reviewId}`, customer, { rating: 4, text: 'Хорошо, гид извинился за опоздание.' });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual([edited.body.data.rating, edited.body.data.text], [4, 'Хорошо, гид извинился за опоздание.']);

      const stranger = await otherCustomerToken(ctx);
      assert.equal((await call(ctx, 'PUT', `${R}/${reviewId}`, stranger, { rating: 1, text: 'Чужая правка отзыва.' })).status, 404);

      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const replied = await call(ctx, 'POST', `/api/excursion/partner/reviews/${reviewId}/reply`, partner, { text: 'Спасибо, учтём!' });
      assert.equal(replied.status, 200, JSON.stringify(replied.body));
      const shown = (await call(ctx, 'GET', R, customer)).body.data.reviews.find((r: { id: number }) => r.id === reviewId);
      assert.equal(shown.reply, 'Спасибо, учтём!');

      ctx.app.lifecycle.clock.advance(8 * DAY_MS);
      const late = await call(ctx, 'PUT', `${R}/${reviewId}`, customer, { rating: 5, text: 'Поменяю через неделю.' });
      assert.equal(late.status, 422);
      assert.match(late.body.errors.text[0], /в течение 7 дней/);
      const stale = (await call(ctx, 'GET', R, customer)).body.data.reviews.find((r: { id: number }) => r.id === reviewId);
      assert.equal(stale.editable_until, null);
      ctx.app.lifecycle.clock.reset();
    });
  });
}
