// Issue 12, the partner's excursions: drafts, photos, submission with what is missing, staff moderation (and the
// development auto-approval), closed fields after publication and their change requests; nobody else's excursion.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { cities, excursionPhotos, notifications, users } from '../src/db/schema';
import { autoApprove } from '../src/features/partner-excursions/moderation';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp, type TestContext } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { OTHER_PARTNER_PHONE } from './orders-support';
import { call } from './partner-misc-support';

const E = '/api/excursion/partner/excursions';
const DESCRIPTION = 'Прогулка по старым дворам и набережным с рассказами о купцах, архитекторах и жителях. '.repeat(4);

async function uploadPhoto(ctx: TestContext, token: string, color: string): Promise<number> {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
  const boundary = '----excursio-excursion-photo';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.id;
}

const FULL = {
  title: 'Дворы и набережные Москвы',
  description: DESCRIPTION,
  programme: ['Встреча у памятника', 'Дворы Замоскворечья', 'Набережная'],
  included: ['Рассказ гида'],
  meeting_point: 'У памятника Пушкину',
  languages: ['ru'],
  duration_minutes: 120,
  price_units: [{ code: 'adult', name: 'Взрослый', price: 2000 }],
  group_size_max: 12,
  instant_booking: true,
  cancellation_terms: 'Бесплатная отмена за сутки.',
};

for (const kind of databaseKinds()) {
  describe(`partner excursions: drafts, photos, moderation, closed fields [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('a draft is saved as typed, sent to moderation once complete, approved by staff and shown in the catalog', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const city = await ctx.db.query.cities.findFirst({ where: eq(cities.slug, 'moskva') });
      const created = await call(ctx, 'POST', E, partner, { city_id: city!.id });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data.id as number;
      assert.equal(created.body.data.status, 'draft');

      const early = await call(ctx, 'POST', `${E}/${id}/submit`, partner);
      assert.equal(early.status, 422);
      assert.match(early.body.message, /^Перед модерацией заполните: название, описание/);
      assert.ok(early.body.errors.photos);

      const sight = await ctx.db.query.sights.findFirst({ where: (x, { eq }) => eq(x.cityId, city!.id) });
      assert.ok(sight, 'the fixture has a sight in Moscow');
      const saved = await call(ctx, 'PUT', `${E}/${id}`, partner, { ...FULL, sight_ids: [sight.id] });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.data.sight_ids, [sight.id]);
      assert.equal(saved.body.data.title, FULL.title);
      const photos = [await uploadPhoto(ctx, partner, '#123'), await uploadPhoto(ctx, partner, '#456'), await uploadPhoto(ctx, partner, '#789')];
      const ordered = await call(ctx, 'PUT', `${E}/${id}/photos`, partner, { image_ids: [photos[2], photos[0], photos[1]] });
      assert.equal(ordered.status, 200, JSON.stringify(ordered.body));
      assert.equal(ordered.body.data.photos[0].id, photos[2], 'the first is the cover');

      const submitted = await call(ctx, 'POST', `${E}/${id}/submit`, partner);
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      assert.equal(submitted.body.data.status, 'moderation');
      assert.equal((await call(ctx, 'PUT', `${E}/${id}`, partner, { title: 'Другое' })).status, 422, 'no edits while in moderation');

      const staff = await ctx.tokenFor(STAFF_PHONE);
      const queue = await call(ctx, 'GET', '/api/staff/moderation', staff);
      assert.ok(queue.body.data.some((q: { kind: string; id: number }) => q.kind === 'excursion' && q.id === id));
      assert.equal((await call(ctx, 'GET', '/api/staff/moderation', partner)).status, 403);
      const rejectWithout = await call(ctx, 'POST', `/api/staff/moderation/excursions/${id}/reject`, staff, {});
      assert.equal(rejectWithout.status, 422, 'a rejection says why');
      const approved = await call(ctx, 'POST', `/api/staff/moderation/excursions/${id}/approve`, staff, {});
      assert.equal(approved.status, 200, JSON.stringify(approved.body));

      const live = (await call(ctx, 'GET', `${E}/${id}`, partner)).body.data;
      assert.equal(live.status, 'published');
      assert.match(live.path, /^\/excursion\/moskva\/moskva\/[a-z0-9-]+$/);
      const page = await call(ctx, 'GET', `/api/excursion/public${live.path}`);
      assert.equal(page.status, 200, 'in the catalog at once');
      const partnerRow = await ctx.db.query.users.findFirst({ where: eq(users.phone, PARTNER_PHONE) });
      const told = await ctx.db.select().from(notifications).where(eq(notifications.type, 'partner_excursion_approved'));
      assert.ok(told.some((n) => n.userId === partnerRow!.id));

      // published: open fields change at once, closed ones only through a change request
      const open = await call(ctx, 'PUT', `${E}/${id}`, partner, { meeting_point: 'У памятника Гоголю' });
      assert.equal(open.body.data.meeting_point, 'У памятника Гоголю');
      const closed = await call(ctx, 'PUT', `${E}/${id}`, partner, { title: 'Новое название' });
      assert.equal(closed.status, 422);
      assert.match(closed.body.errors.title[0], /закрыто после публикации/);
      const proposal = await call(ctx, 'POST', `${E}/${id}/change-request`, partner, { title: 'Тайные дворы Москвы', comment: 'Так понятнее' });
      assert.equal(proposal.status, 201, JSON.stringify(proposal.body));
      assert.deepEqual(proposal.body.data.change_requests[0].changes, { title: { from: FULL.title, to: 'Тайные дворы Москвы' } });
      assert.equal(proposal.body.data.title, FULL.title, 'the live excursion stays as it is');
      const changeId = proposal.body.data.change_requests[0].id;
      const rejected = await call(ctx, 'POST', `/api/staff/moderation/changes/${changeId}/reject`, staff, { comment: 'Название должно говорить о городе' });
      assert.equal(rejected.status, 200);
      const again = await call(ctx, 'POST', `${E}/${id}/change-request`, partner, { title: 'Тайные дворы Москвы — прогулка' });
      await call(ctx, 'POST', `/api/staff/moderation/changes/${again.body.data.change_requests[0].id}/approve`, staff, {});
      const after = (await call(ctx, 'GET', `${E}/${id}`, partner)).body.data;
      assert.equal(after.title, 'Тайные дворы Москвы — прогулка');
      assert.deepEqual(after.change_requests.map((r: { status: string }) => r.status), ['approved', 'rejected']);
      assert.equal(after.change_requests[1].moderator_comment, 'Название должно говорить о городе');

      // hide, duplicate, archive
      assert.equal((await call(ctx, 'POST', `${E}/${id}/hide`, partner)).body.data.status, 'hidden');
      assert.equal((await call(ctx, 'GET', `/api/excursion/public${after.path}`)).status, 404, 'hidden leaves the catalog');
      const copy = await call(ctx, 'POST', `${E}/${id}/duplicate`, partner);
      assert.equal(copy.status, 201);
      assert.equal(copy.body.data.status, 'draft');
      assert.equal(copy.body.data.photos.length, 3);
      const list = (await call(ctx, 'GET', E, partner)).body.data;
      assert.ok(list.some((e: { id: number; status: string }) => e.id === id && e.status === 'hidden'));
    });

    it('another partner’s excursion is a 404 everywhere; a customer gets 403; the development auto-approval publishes', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const city = await ctx.db.query.cities.findFirst({ where: eq(cities.slug, 'moskva') });
      const id = (await call(ctx, 'POST', E, partner, { city_id: city!.id })).body.data.id as number;
      const stranger = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      for (const [method, url] of [['GET', `${E}/${id}`], ['PUT', `${E}/${id}`], ['POST', `${E}/${id}/submit`], ['POST', `${E}/${id}/duplicate`]] as const) {
        assert.equal((await call(ctx, method, url, stranger, method === 'PUT' ? { title: 'x' } : undefined)).status, 404, `${method} ${url}`);
      }
      assert.equal((await call(ctx, 'GET', E, await ctx.tokenFor(CUSTOMER_PHONE))).status, 403);

      await call(ctx, 'PUT', `${E}/${id}`, partner, { ...FULL, title: 'Ночная Москва с гидом' });
      // a catalog picture the excursion already had stays first when uploads are set
      await ctx.db.insert(excursionPhotos).values({ excursionId: id, url: '/api/media/excursion/nochnaya/1.svg', position: 0 });
      const photos = [await uploadPhoto(ctx, partner, '#a11'), await uploadPhoto(ctx, partner, '#a22'), await uploadPhoto(ctx, partner, '#a33')];
      const withPhotos = await call(ctx, 'PUT', `${E}/${id}/photos`, partner, { image_ids: photos });
      assert.deepEqual(withPhotos.body.data.catalog_photos, ['/api/media/excursion/nochnaya/1.svg']);
      assert.equal(withPhotos.body.data.photos.length, 3);
      const rows = await ctx.db.select().from(excursionPhotos).where(eq(excursionPhotos.excursionId, id));
      assert.equal(rows.find((r) => r.position === 0)?.url, '/api/media/excursion/nochnaya/1.svg');
      assert.equal((await call(ctx, 'POST', `${E}/${id}/submit`, partner)).status, 200);
      const quiet = { db: ctx.db, broadcaster: { publish: async () => undefined } } as unknown as Parameters<typeof autoApprove>[0];
      assert.equal(await autoApprove(quiet, new Date(Date.now() + 30_000), 0), 0, 'off unless configured');
      assert.equal(await autoApprove(quiet, new Date(Date.now() + 5_000), 20), 0, 'not before the delay');
      assert.equal(await autoApprove(quiet, new Date(Date.now() + 30_000), 20), 1);
      assert.equal((await call(ctx, 'GET', `${E}/${id}`, partner)).body.data.status, 'published');
    });
  });
}
