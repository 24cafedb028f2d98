import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { excursions, notifications, reviews } from '../src/db/schema';
import { withEvents } from '../src/features/notifications/after-commit';
import { insertReview } from '../src/features/partner-reviews/create';
import { userChannel } from '../src/realtime';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { excursionIdOf, OTHER_PARTNER_PHONE } from './orders-support';
import { call } from './partner-misc-support';

const R = '/api/excursion/partner/reviews';

for (const kind of databaseKinds()) {
  describe(`partner reviews: list, filters, public reply, notification [${kind}]`, () => {
    const ctx = useTestApp(kind);
    // The fixture's three reviews only (the demo customer's review of her completed order is left out).
    before(async () => {
      await ctx.db.delete(reviews).where(isNotNull(reviews.orderId));
    });
    const reviewIdBy = async (author: string) =>
      (await ctx.db.query.reviews.findFirst({ columns: { id: true }, where: eq(reviews.authorName, author) }))!.id;

    it('lists only my excursions’ reviews, newest first, with the filter choices and a summary', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { status, body } = await call(ctx, 'GET', R, partner);
      assert.equal(status, 200);
      const data = body.data;
      assert.deepEqual(data.reviews.data.map((r: { author_name: string }) => r.author_name), ['Ирина', 'Павел']);
      assert.equal(data.reviews.total, 2);
      assert.deepEqual(data.summary, { total: 2, rating: 4.5, unanswered: 1 });
      assert.deepEqual(data.excursions.map((e: { title: string }) => e.title).sort(), [
        'Экскурсия moskva-s-detmi',
        'Экскурсия serdtse-stolitsy',
        'Экскурсия tainy-zamoskvorechya',
      ]);
      assert.equal(data.reviews.data[0].excursion.path, '/excursion/moskva/moskva/serdtse-stolitsy');
      assert.equal(data.reviews.data[0].reply, 'Спасибо!');

      const other = await call(ctx, 'GET', R, await ctx.tokenFor(OTHER_PARTNER_PHONE));
      assert.deepEqual(other.body.data.reviews.data.map((r: { author_name: string }) => r.author_name), ['Анна']);
    });

    it('filters by excursion, rating, Moscow days and unanswered; pages', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const names = async (query: string) =>
        (await call(ctx, 'GET', `${R}?${query}`, partner)).body.data.reviews.data.map((r: { author_name: string }) => r.author_name);
      assert.deepEqual(await names('rating=4'), ['Павел']);
      assert.deepEqual(await names(`excursion_id=${await excursionIdOf(ctx, 'moskva-s-detmi')}`), []);
      assert.deepEqual(await names(`excursion_id=${await excursionIdOf(ctx, 'serdtse-stolitsy')}`), ['Ирина', 'Павел']);
      assert.deepEqual(await names('unanswered=true'), ['Павел']);
      const day = (daysAgo: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() - daysAgo * 86400000));
      assert.deepEqual(await names(`date_from=${day(15)}&date_to=${day(0)}`), ['Ирина']);
      assert.deepEqual(await names(`date_to=${day(15)}`), ['Павел']);
      const paged = (await call(ctx, 'GET', `${R}?per_page=1&page=2`, partner)).body.data.reviews;
      assert.deepEqual({ total: paged.total, last: paged.last_page, n: paged.data[0].author_name }, { total: 2, last: 2, n: 'Павел' });
      // Another partner's excursion as a filter shows nothing of it.
      assert.deepEqual(await names(`excursion_id=${await excursionIdOf(ctx, 'dvortsy-i-mosty')}`), []);
    });

    it('refuses bad filters (422), a customer or staff (403), no token (401)', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      for (const query of ['rating=9', 'rating=x', 'date_from=2026-02-30', 'date_from=yesterday', 'excursion_id=0', 'per_page=500',
        'date_from=2026-05-10&date_to=2026-05-01']) {
        const { status, body } = await call(ctx, 'GET', `${R}?${query}`, partner);
        assert.equal(status, 422, query);
        assert.equal(typeof body.message, 'string');
        assert.ok(body.errors, query);
      }
      for (const phone of [CUSTOMER_PHONE, STAFF_PHONE]) {
        const token = await ctx.tokenFor(phone);
        assert.equal((await call(ctx, 'GET', R, token)).status, 403);
        assert.equal((await call(ctx, 'POST', `${R}/${await reviewIdBy('Павел')}/reply`, token, { text: 'Спасибо' })).status, 403);
      }
      assert.equal((await call(ctx, 'GET', R)).status, 401);
    });

    it('replies publicly (trimmed; sending again edits it) and the catalog shows the reply', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await reviewIdBy('Павел');
      const first = await call(ctx, 'POST', `${R}/${id}/reply`, partner, { text: '  Спасибо, Павел! Ждём снова 12.05.2026 в 10:00.  ' });
      assert.equal(first.status, 200);
      assert.equal(first.body.data.reply, 'Спасибо, Павел! Ждём снова 12.05.2026 в 10:00.');
      assert.ok(first.body.data.replied_at);
      const edited = await call(ctx, 'POST', `${R}/${id}/reply`, partner, { text: 'Спасибо за отзыв!' });
      assert.equal(edited.body.data.reply, 'Спасибо за отзыв!');
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const publicList = await call(ctx, 'GET', `/api/excursion/public/excursions/${excursionId}/reviews`);
      const shown = publicList.body.data.data.find((r: { id: number }) => r.id === id);
      assert.equal(shown.reply, 'Спасибо за отзыв!');
      assert.equal(shown.replied_at, edited.body.data.replied_at);
    });

    it('refuses a reply with a phone, an e-mail or a link (422 under text) and an empty one; nothing stored', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await reviewIdBy('Ирина');
      for (const text of ['Звоните +7 999 123-45-67', 'Пишите на guide@mail.ru', 'Наш сайт orlov-tur.ru', 'https://t.me/orlov', '   ', 'я'.repeat(2001)]) {
        const { status, body } = await call(ctx, 'POST', `${R}/${id}/reply`, partner, { text });
        assert.equal(status, 422, text);
        assert.ok(Array.isArray(body.errors.text), text);
      }
      const row = await ctx.db.query.reviews.findFirst({ where: eq(reviews.id, id) });
      assert.equal(row!.reply, 'Спасибо!');
      assert.equal((await call(ctx, 'POST', `${R}/${id}/reply`, partner, {})).status, 422);
    });

    it('another partner’s review or an unknown one is a 404 and stays unchanged', async () => {
      const id = await reviewIdBy('Анна');
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const response = await call(ctx, 'POST', `${R}/${id}/reply`, partner, { text: 'Спасибо' });
      assert.deepEqual({ status: response.status, body: response.body }, { status: 404, body: { message: 'Not Found.', errors: {} } });
      assert.equal((await call(ctx, 'POST', `${R}/99999/reply`, partner, { text: 'Спасибо' })).status, 404);
      assert.equal((await ctx.db.query.reviews.findFirst({ where: eq(reviews.id, id) }))!.reply, null);
    });

    it('insertReview (every new review): stored, the excursion’s rating and count refreshed, the partner notified after commit', async () => {
      const excursionId = await excursionIdOf(ctx, 'moskva-s-detmi');
      const partnerId = (await ctx.db.query.excursions.findFirst({ where: eq(excursions.id, excursionId) }))!.partnerId;
      const published: { channel: string; event: string; data: any }[] = [];
      const broadcaster = { publish: async (channel: string, event: string, data: unknown) => void published.push({ channel, event, data }) };
      const id = await withEvents(ctx.db, broadcaster, (tx) =>
        insertReview(tx, { excursionId, authorName: 'Вера', rating: 4, text: 'Детям понравилось, гид терпеливый.' }),
      );
      const excursion = await ctx.db.query.excursions.findFirst({ where: eq(excursions.id, excursionId) });
      assert.deepEqual({ count: excursion!.reviewsCount, rating: Number(excursion!.rating) }, { count: 1, rating: 4 });
      const reviewNotices = () =>
        ctx.db.select().from(notifications).where(and(eq(notifications.type, 'partner_review_new'), eq(notifications.userId, partnerId)));
      const [notice] = (await reviewNotices()).filter((n) => (n.data as { review_id?: number }).review_id === id);
      assert.equal(notice!.userId, partnerId);
      assert.equal(notice!.text, 'Новый отзыв ★★★★☆ об экскурсии «Экскурсия moskva-s-detmi»: «Детям понравилось, гид терпеливый.»');
      assert.deepEqual(notice!.data, { review_id: id });
      assert.equal(notice!.link, '/account/partner/reviews');
      assert.deepEqual(published.map((p) => [p.channel, p.event]), [[userChannel(partnerId), 'NotificationSent']]);

      // A rolled-back insert tells nobody.
      await assert.rejects(
        withEvents(ctx.db, broadcaster, async (tx) => {
          await insertReview(tx, { excursionId, authorName: 'Ошибка', rating: 5, text: 'x' });
          throw new Error('rollback');
        }),
      );
      assert.equal(published.length, 1);
      assert.equal((await reviewNotices()).filter((n) => (n.data as { review_id?: number }).review_id !== undefined).length, 1);
    });
  });
}
