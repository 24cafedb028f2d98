// Issue 27, the back office: moderation with claims, decisions (exactly one wins), templates, the partner told live.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { excursionChangeRequests, excursionPhotos, excursions, notifications } from '../src/db/schema';
import { userChannel } from '../src/realtime';
import { ADMIN_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { useConversationFixtures } from './notifications-support';
import { auditOf, backofficeTokens, call, idOfPhone, pendingChange, submittedExcursion } from './backoffice-support';

const M = '/api/staff/moderation';

for (const kind of databaseKinds()) {
  describe(`back office: moderation [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const { published } = useConversationFixtures(ctx);

    it('queues new excursions and changes oldest first; a claim shows who reviews, refuses others, lapses after 15 minutes', async () => {
      const t = await backofficeTokens(ctx);
      const older = await submittedExcursion(ctx, 5, 0);
      const change = await pendingChange(ctx, 'Новое название для проверки');
      const queue = await call(ctx, 'GET', M, t.staff);
      assert.equal(queue.status, 200, JSON.stringify(queue.body));
      const items = queue.body.data as Array<{ kind: string; id: number; age_s: number; claim: unknown }>;
      assert.deepEqual(items.map((i) => `${i.kind}:${i.id}`).slice(0, 2), [`excursion:${older}`, `change:${change.id}`], 'the oldest first');
      assert.ok(items[0]!.age_s >= 5 * 3600 - 5);

      const detail = await call(ctx, 'GET', `${M}/changes/${change.id}`, t.staff);
      assert.equal(detail.status, 200);
      assert.deepEqual(detail.body.data.fields, [{ field: 'title', label: 'Название', current: change.from, proposed: 'Новое название для проверки', changed: true }]);
      assert.equal(detail.body.data.partner_comment, 'Так понятнее');
      const fresh = (await call(ctx, 'GET', `${M}/excursions/${older}`, t.staff)).body.data;
      assert.equal(fresh.state, 'pending');
      assert.ok(fresh.fields.some((f: { field: string; current: null }) => f.field === 'title' && f.current === null));
      assert.ok(fresh.photos.every((p: { url: string; thumb_url: string }) => p.url && p.thumb_url));

      const claimed = await call(ctx, 'POST', `${M}/excursions/${older}/claim`, t.staff);
      assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
      assert.equal(claimed.body.data.claim.mine, true);
      const seen = (await call(ctx, 'GET', M, t.staff2)).body.data.find((i: { id: number; kind: string }) => i.kind === 'excursion' && i.id === older);
      assert.equal(seen.claim.by.name, 'Служба поддержки Excursio', 'others see who reviews it');
      assert.equal(seen.claim.mine, false);
      const taken = await call(ctx, 'POST', `${M}/excursions/${older}/claim`, t.staff2);
      assert.equal(taken.status, 409);
      assert.match(taken.body.message, /Заявку проверяет Служба поддержки Excursio/);
      assert.equal((await call(ctx, 'POST', `${M}/excursions/${older}/approve`, t.staff2, {})).status, 409, 'no decision over someone else’s claim');

      // 15 minutes later the claim has lapsed: another moderator may take it
      const { moderationClaims } = await import('../src/db/schema');
      await ctx.db.update(moderationClaims).set({ until: new Date(Date.now() - 1000) });
      assert.equal((await call(ctx, 'GET', `${M}/excursions/${older}`, t.staff2)).body.data.claim, null);
      assert.equal((await call(ctx, 'POST', `${M}/excursions/${older}/claim`, t.staff2)).status, 200);
      const released = await call(ctx, 'POST', `${M}/excursions/${older}/release`, t.staff2);
      assert.equal(released.body.data.claim, null);

      const rows = await auditOf(ctx, 'excursion', older);
      assert.deepEqual(rows.map((r) => r.action), ['moderation.claim', 'moderation.claim', 'moderation.release']);
    });

    it('approve publishes at once and tells the partner live; a second decision gets 409; exactly one of two racing wins', async () => {
      const t = await backofficeTokens(ctx);
      const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
      const id = await submittedExcursion(ctx, 1, 1);
      const before = published.length;
      const approved = await call(ctx, 'POST', `${M}/excursions/${id}/approve`, t.staff, {});
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      const [row] = await ctx.db.select().from(excursions).where(eq(excursions.id, id));
      assert.equal(row!.status, 'published');
      const live = published.slice(before).filter((e) => e.channel === userChannel(partnerId) && e.event === 'NotificationSent');
      assert.equal(live.length, 1);
      assert.equal(live[0]!.data.notification.type, 'partner_excursion_approved');
      const again = await call(ctx, 'POST', `${M}/excursions/${id}/reject`, t.staff2, { comment: 'Поздно' });
      assert.equal(again.status, 409);
      assert.equal(again.body.message, 'Решение по этой заявке уже принято.');

      // two moderators at the same moment: exactly one wins
      const change = await pendingChange(ctx, 'Гонка двух модераторов');
      const results = await Promise.all([
        call(ctx, 'POST', `${M}/changes/${change.id}/approve`, t.staff, {}),
        call(ctx, 'POST', `${M}/changes/${change.id}/reject`, t.staff2, { comment: 'Не подходит' }),
      ]);
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409], JSON.stringify(results.map((r) => r.body)));
      const decisions = (await auditOf(ctx, 'change_request', change.id)).filter((r) => r.action !== 'moderation.claim');
      assert.equal(decisions.length, 1, 'one audit row: one decision');
      const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, partnerId));
      assert.equal(told.filter((n) => n.text.includes('Гонка двух модераторов') || n.link.endsWith(`/${change.excursionId}`)).length >= 1, true);
    });

    it('rejects with a template’s text: the partner sees the comment live; templates are created, edited, deleted (audited)', async () => {
      const t = await backofficeTokens(ctx);
      const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
      const T = `${M.replace('/moderation', '')}/moderation/templates`;
      assert.equal((await call(ctx, 'POST', T, t.staff, { title: ' ', text: 'x' })).status, 422);
      const created = await call(ctx, 'POST', T, t.staff, { title: 'Фото', text: 'Добавьте фотографии лучшего качества.' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const tid = created.body.data.id;
      const edited = await call(ctx, 'PUT', `${T}/${tid}`, t.staff2, { title: 'Фото', text: 'Замените размытые фотографии.' });
      assert.equal(edited.body.data.updated_by.name, 'Второй модератор');
      assert.equal((await call(ctx, 'GET', T, t.staff)).body.data.length, 1);
      assert.equal((await call(ctx, 'GET', '/api/staff/support/templates', t.staff)).body.data.length, 0, 'two separate lists');

      const change = await pendingChange(ctx, 'Отклонить по шаблону');
      const before = published.length;
      const missing = await call(ctx, 'POST', `${M}/changes/${change.id}/reject`, t.staff, { comment: '   ' });
      assert.equal(missing.status, 422);
      assert.ok(missing.body.errors.comment);
      const rejected = await call(ctx, 'POST', `${M}/changes/${change.id}/reject`, t.staff, { comment: edited.body.data.text, template_id: tid });
      assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
      const live = published.slice(before).filter((e) => e.channel === userChannel(partnerId));
      assert.equal(live[0]!.data.notification.type, 'partner_change_rejected');
      assert.match(live[0]!.data.notification.text, /Замените размытые фотографии\./);
      const [decision] = (await auditOf(ctx, 'change_request', change.id)).filter((r) => r.action === 'moderation.reject');
      assert.equal(decision!.reason, 'Замените размытые фотографии.');
      assert.deepEqual(decision!.after, { status: 'rejected', template_id: tid });

      assert.equal((await call(ctx, 'DELETE', `${T}/${tid}`, t.staff)).status, 200);
      assert.equal((await call(ctx, 'DELETE', `${T}/${tid}`, t.staff)).status, 404);
      assert.deepEqual((await auditOf(ctx, 'template', tid)).map((r) => r.action), ['template.create', 'template.update', 'template.delete']);
    });

    it('a submitted excursion and a proposed change reach every staff account live, with a link to the item', async () => {
      const t = await backofficeTokens(ctx);
      const partnerId = await idOfPhone(ctx, PARTNER_PHONE);
      const staffIds = [await idOfPhone(ctx, STAFF_PHONE), await idOfPhone(ctx, ADMIN_PHONE), await idOfPhone(ctx, '79990000033')];
      const rows = await ctx.db.select().from(excursions).where(and(eq(excursions.partnerId, partnerId), eq(excursions.status, 'published'))).orderBy(excursions.id);
      // a complete draft made of a published excursion (this test runs after the ones counting on the seeded queue)
      const [draft, live] = [rows[0]!, rows[1]!];
      await ctx.db.update(excursions).set({ status: 'draft', description: 'Подробное описание маршрута. '.repeat(10), priceUnits: [{ code: 'adult', name: 'Взрослый', price: 2500 }] }).where(eq(excursions.id, draft.id));
      await ctx.db.insert(excursionPhotos).values([0, 1, 2].map((position) => ({ excursionId: draft.id, url: `/media/test-${position}.jpg`, position })));
      const E = '/api/excursion/partner/excursions';
      const before = published.length;
      const submitted = await call(ctx, 'POST', `${E}/${draft.id}/submit`, t.partner);
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      const proposal = await call(ctx, 'POST', `${E}/${live.id}/change-request`, t.partner, { title: 'Новое имя для модерации' });
      assert.equal(proposal.status, 201, JSON.stringify(proposal.body));
      const [change] = await ctx.db.select().from(excursionChangeRequests).where(and(eq(excursionChangeRequests.excursionId, live.id), eq(excursionChangeRequests.status, 'pending')));

      for (const staffId of staffIds) {
        const pushed = published.slice(before).filter((e) => e.channel === userChannel(staffId) && e.event === 'NotificationSent').map((e) => e.data.notification);
        assert.deepEqual(
          pushed.map((n: { type: string; link: string; data: { excursion_id: number } }) => [n.type, n.link, n.data.excursion_id]),
          [
            ['staff_moderation_waiting', `/backoffice/moderation/excursions/${draft.id}`, draft.id],
            ['staff_moderation_waiting', `/backoffice/moderation/changes/${change!.id}`, live.id],
          ],
        );
        assert.match(pushed[0].text, /^Новая экскурсия на модерации: «.+» \(.+\)$/);
      }
      const toPartner = published.slice(before).filter((e) => e.channel === userChannel(partnerId));
      assert.equal(toPartner.length, 0, 'the partner is not told about their own submission');

      // a refused submission (nothing to moderate) tells no one
      const after = published.length;
      assert.equal((await call(ctx, 'POST', `${E}/${draft.id}/submit`, t.partner)).status, 422);
      assert.equal(published.length, after);
    });

    it('refuses customers and partners (403), and a missing item is a 404', async () => {
      const t = await backofficeTokens(ctx);
      for (const token of [t.client, t.partner]) {
        assert.equal((await call(ctx, 'GET', M, token)).status, 403);
        assert.equal((await call(ctx, 'POST', `${M}/excursions/1/approve`, token, {})).status, 403);
      }
      assert.equal((await call(ctx, 'GET', `${M}/changes/999999`, t.staff)).status, 404);
    });
  });
}
