// Picture uploads (issue 13 / 12): type from the bytes, limits, metadata removed, renditions served.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { bearer, CUSTOMER_PHONE, useTestApp, type TestContext } from './helpers/app';
import { createSlot, excursionIdOf, orderBody, otherCustomerToken, postOrder } from './orders-support';
import { call } from './partner-misc-support';
import { databaseKinds } from './helpers/database';

/** A multipart body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----excursio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 2000×1500 JPEG with camera and GPS EXIF, taken "sideways" (orientation 6). */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Excursio Cam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' } })
    .toBuffer();
}

async function upload(ctx: TestContext, token: string, body: ReturnType<typeof multipart>, preset = 'photo') {
  return ctx.app.inject({ method: 'POST', url: `/api/media/uploads?preset=${preset}`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

for (const kind of databaseKinds()) {
  describe(`picture uploads: checked from the bytes, metadata removed, resized, served [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('re-encodes a camera JPEG: upright, no EXIF or GPS, WebP widths up to the source, a JPEG fallback', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const source = await cameraJpeg();
      assert.ok((await sharp(source).metadata()).exif, 'the source carries EXIF');
      const response = await upload(ctx, token, multipart('photo', 'IMG_0001.JPG', 'image/jpeg', source));
      assert.equal(response.statusCode, 201, response.body);
      const image = response.json().data;
      assert.deepEqual([image.width, image.height], [1500, 2000], 'rotated upright by its orientation');
      assert.match(image.srcset, /\/320\.webp 320w, .*\/640\.webp 640w, .*\/1280\.webp 1280w$/);
      assert.match(image.fallback_url, /\/1280\.jpg$/);

      const served = await ctx.app.inject({ method: 'GET', url: image.url });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/webp');
      assert.match(String(served.headers['cache-control']), /immutable/);
      const meta = await sharp(served.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.exif], ['webp', 1280, undefined]);
      const jpeg = await ctx.app.inject({ method: 'GET', url: image.fallback_url });
      const jpegMeta = await sharp(jpeg.rawPayload).metadata();
      assert.deepEqual([jpegMeta.format, jpegMeta.exif, jpegMeta.orientation], ['jpeg', undefined, undefined]);
      assert.ok(!jpeg.rawPayload.includes(Buffer.from('Excursio Cam')), 'no camera make left in the bytes');
    });

    it('makes square portraits', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#c33' } }).png().toBuffer();
      const response = await upload(ctx, token, multipart('photo', 'me.png', 'image/png', png), 'portrait');
      assert.equal(response.statusCode, 201, response.body);
      const image = response.json().data;
      assert.match(image.srcset, /\/96\.webp 96w, .*\/192\.webp 192w$/, 'up to the short side (300)');
      const meta = await sharp((await ctx.app.inject({ method: 'GET', url: image.url })).rawPayload).metadata();
      assert.deepEqual([meta.width, meta.height], [192, 192]);
    });

    it('refuses what is not a picture whatever its name, an empty or missing file, and oversize files', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const text = await upload(ctx, token, multipart('photo', 'photo.jpg', 'image/jpeg', Buffer.from('<svg onload=alert(1)>not a photo</svg>')));
      assert.equal(text.statusCode, 422);
      assert.match(text.json().errors.photo[0], /Это не изображение/);
      const svg = await upload(ctx, token, multipart('photo', 'x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')));
      assert.equal(svg.statusCode, 422, 'SVG (a document) is not accepted');
      const missing = await upload(ctx, token, multipart('other', 'a.jpg', 'image/jpeg', await cameraJpeg()));
      assert.equal(missing.statusCode, 422);
      assert.deepEqual(missing.json().errors, { photo: ['Прикрепите фото.'] });
      const big = await upload(ctx, token, multipart('photo', 'big.jpg', 'image/jpeg', Buffer.alloc(10 * 1024 * 1024 + 10, 1)));
      assert.equal(big.statusCode, 422);
      assert.match(big.json().errors.photo[0], /больше 10 МБ/);
      const json = await ctx.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: {} });
      assert.equal(json.statusCode, 422);
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/media/uploads', ...multipart('photo', 'a.jpg', 'image/jpeg', await cameraJpeg()) });
      assert.equal(anonymous.statusCode, 401);
      assert.equal((await ctx.app.inject({ method: 'GET', url: `/api/media/u/${'a'.repeat(64)}/640.webp` })).statusCode, 404);
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/media/u/../640.webp' })).statusCode, 404);
    });
  
    it('a portrait becomes my photo; a landscape photo or someone else’s picture does not', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#3a6' } }).png().toBuffer();
      const portrait = (await upload(ctx, token, multipart('photo', 'me.png', 'image/png', png), 'portrait')).json().data;
      const landscape = (await upload(ctx, token, multipart('photo', 'trip.png', 'image/png', png), 'photo')).json().data;
      const wrongPreset = await call(ctx, 'PUT', '/api/excursion/user/account/avatar', token, { image_id: landscape.id });
      assert.equal(wrongPreset.status, 422);
      const stranger = await otherCustomerToken(ctx);
      assert.equal((await call(ctx, 'PUT', '/api/excursion/user/account/avatar', stranger, { image_id: portrait.id })).status, 422);
      const set = await call(ctx, 'PUT', '/api/excursion/user/account/avatar', token, { image_id: portrait.id });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.match(set.body.data.avatar_path, /^\/api\/media\/u\/[0-9a-f]{64}\/192\.webp$/);
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/excursion/partner/profile', headers: bearer(token) });
      assert.equal(profile.json().data.avatar_path, set.body.data.avatar_path);
      assert.equal((await call(ctx, 'DELETE', '/api/excursion/user/account/avatar', token)).body.data.avatar_path, null);
    });

    it('a review carries up to 5 of its author’s photos, shown with it on the excursion page', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'serdtse-stolitsy');
      const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'serdtse-stolitsy'), slot));
      const orderId = created.body.data.id as number;
      await ctx.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
      const photos = [];
      for (const color of ['#111', '#222', '#333', '#444', '#555', '#666']) {
        const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
        photos.push((await upload(ctx, token, multipart('photo', 'p.jpg', 'image/jpeg', jpeg))).json().data.id as number);
      }
      const text = 'Фото с прогулки: дворы и набережная.';
      const tooMany = await call(ctx, 'POST', '/api/excursion/user/reviews', token, { order_id: orderId, rating: 5, text, photo_ids: photos });
      assert.equal(tooMany.status, 422);
      const stranger = await otherCustomerToken(ctx);
      const theirs = await upload(ctx, stranger, multipart('photo', 'x.jpg', 'image/jpeg', await sharp({ create: { width: 400, height: 300, channels: 3, background: '#999' } }).jpeg().toBuffer()));
      const foreign = await call(ctx, 'POST', '/api/excursion/user/reviews', token, { order_id: orderId, rating: 5, text, photo_ids: [theirs.json().data.id] });
      assert.equal(foreign.status, 422);
      assert.deepEqual(foreign.body.errors, { photo_ids: ['Фото не найдено: загрузите его снова.'] });

      const written = await call(ctx, 'POST', '/api/excursion/user/reviews', token, { order_id: orderId, rating: 5, text, photo_ids: photos.slice(0, 2) });
      assert.equal(written.status, 201, JSON.stringify(written.body));
      assert.equal(written.body.data.photos.length, 2);
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const page = await ctx.app.inject({ method: 'GET', url: `/api/excursion/public/excursions/${excursionId}/reviews` });
      const card = JSON.stringify(page.json()).includes(text);
      assert.ok(card, 'the review is public');
      const review = (page.json().data.data ?? page.json().data).find((r: { text: string }) => r.text === text);
      assert.equal(review.photos.length, 2);
      assert.match(review.photos[0].srcset, /640\.webp 640w/);

      const edited = await call(ctx, 'PUT', `/api/excursion/user/reviews/${written.body.data.id}`, token, { rating: 5, text, photo_ids: [photos[2]] });
      assert.equal(edited.body.data.photos.length, 1);
    });
  });
}
