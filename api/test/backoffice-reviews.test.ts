// Issue 27, the back office: reviews — a partner's «Пожаловаться», the flagged list and search, hide/restore with a
// reason its author is told, the catalog and the rating without the hidden review, all audited.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { excursions, notifications, reviews } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { auditOf, backofficeTokens, call, idOfPhone } from './backoffice-support';

const R = '/api/staff/reviews';

for (const kind of databaseKinds()) {
  describe(`back office: reviews [${kind}]`, () => {
    const ctx = useTestApp(kind);

    /** A review of the demo partner's excursion, written by the demo customer. */
    const partnersReview = async () => {
      const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
      const [row] = await ctx.db.select({ id: reviews.id, excursionId: reviews.excursionId }).from(reviews).innerJoin(excursions, eq(excursions.id, reviews.excursionId)).where(and(eq(excursions.partnerId, partnerId), eq(excursions.status, 'published'))).limit(1);
      assert.ok(row, 'the fixture has a review of the partner');
      await ctx.db.update(reviews).set({ userId: await idOfPhone(ctx, CUSTOMER_PHONE), text: 'Гид опоздал на час, звоните ему по номеру в описании' }).where(eq(reviews.id, row.id));
      return row;
    };

    it('a partner flags a review of their own excursion (not another’s); staff see it in the flagged list', async () => {
      const t = await backofficeTokens(ctx);
      const review = await partnersReview();
      const [other] = await ctx.db.select({ id: reviews.id }).from(reviews).innerJoin(excursions, eq(excursions.id, reviews.excursionId)).where(eq(excursions.partnerId, await idOfPhone(ctx, '79990000005'))).limit(1);
      const F = (id: number) => `/api/excursion/partner/reviews/${id}/flag`;
      assert.equal((await call(ctx, 'POST', F(review.id), t.partner, { reason: '' })).status, 422);
      assert.equal((await call(ctx, 'POST', F(review.id), t.partner, { reason: 'Оскорбления' })).status, 200);
      assert.equal((await call(ctx, 'POST', F(review.id), t.partner, { reason: 'Неправда про опоздание' })).status, 200, 'again: the reason is replaced');
      if (other) assert.equal((await call(ctx, 'POST', F(other.id), t.partner, { reason: 'Не моё' })).status, 404);
      assert.equal((await call(ctx, 'POST', F(review.id), t.client, { reason: 'x' })).status, 403);
      const flagged = await call(ctx, 'GET', `${R}?flagged=true`, t.staff);
      assert.equal(flagged.status, 200, JSON.stringify(flagged.body));
      const item = flagged.body.data.data.find((r: { id: number }) => r.id === review.id);
      assert.deepEqual(item.flags.map((f: { reason: string; open: boolean }) => [f.reason, f.open]), [['Неправда про опоздание', true]]);
      const found = await call(ctx, 'GET', `${R}?q=${encodeURIComponent('опоздал на час')}`, t.staff);
      assert.ok(found.body.data.data.some((r: { id: number }) => r.id === review.id));
      // staff are told once, when the complaint is new (its reason replaced later is no second notice)
      const told = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, await idOfPhone(ctx, STAFF_PHONE)), eq(notifications.type, 'staff_review_flagged')));
      assert.deepEqual(told.map((n) => [n.link, n.data.review_id]), [['/backoffice/reviews', review.id]]);
      assert.match(told[0]!.text, /жалуется на отзыв №\d+: «Оскорбления»$/);
    });

    it('hides a review with a reason the author is told; the catalog and the rating leave it out; restore brings it back', async () => {
      const t = await backofficeTokens(ctx);
      const review = await partnersReview();
      const customerId = await idOfPhone(ctx, CUSTOMER_PHONE);
      const [before] = await ctx.db.select().from(excursions).where(eq(excursions.id, review.excursionId));
      const listed = async () => JSON.stringify((await call(ctx, 'GET', `/api/excursion/public/excursions/${review.excursionId}/reviews?per_page=48`)).body);
      assert.ok((await listed()).includes('Гид опоздал на час'), 'in the catalog before');
      assert.equal((await call(ctx, 'POST', `${R}/${review.id}/hide`, t.staff, { reason: '' })).status, 422);
      const hidden = await call(ctx, 'POST', `${R}/${review.id}/hide`, t.staff, { reason: 'Контакты в отзыве запрещены' });
      assert.equal(hidden.status, 200, JSON.stringify(hidden.body));
      assert.equal(hidden.body.data.hidden.reason, 'Контакты в отзыве запрещены');
      assert.ok(hidden.body.data.flags.every((f: { open: boolean }) => !f.open), 'complaints resolved');
      assert.equal((await call(ctx, 'POST', `${R}/${review.id}/hide`, t.staff2, { reason: 'Ещё раз' })).status, 409);
      assert.ok(!(await listed()).includes('Гид опоздал на час'), 'out of the catalog');
      const [after] = await ctx.db.select().from(excursions).where(eq(excursions.id, review.excursionId));
      assert.equal(after!.reviewsCount, before!.reviewsCount - 1);
      const told = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, customerId), eq(notifications.type, 'client_review_hidden')));
      assert.match(told[0]!.text, /Причина: Контакты в отзыве запрещены/);

      const restored = await call(ctx, 'POST', `${R}/${review.id}/restore`, t.staff, { reason: 'Контакты убраны' });
      assert.equal(restored.status, 200);
      assert.equal(restored.body.data.hidden, null);
      assert.ok((await listed()).includes('Гид опоздал на час'), 'back in the catalog');
      assert.deepEqual((await auditOf(ctx, 'review', review.id)).map((r) => r.action), ['review.hide', 'review.restore']);
      assert.equal((await call(ctx, 'POST', `${R}/${review.id}/dismiss-flags`, t.staff)).status, 409, 'no open complaints left');
    });

    it('customers and partners get 403 from the staff calls', async () => {
      const t = await backofficeTokens(ctx);
      for (const token of [t.client, t.partner]) {
        assert.equal((await call(ctx, 'GET', R, token)).status, 403);
        assert.equal((await call(ctx, 'POST', `${R}/1/hide`, token, { reason: 'x' })).status, 403);
      }
    });
  });
}
