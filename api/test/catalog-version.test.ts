// Issue 30 §1: the index page's blocks in one call, and the catalog's version the shell server keys rendered pages by —
// moved by every change of what the catalog shows (a partner's price, a booking), seen by every api process.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { excursions, users } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp } from './helpers/app';
import { createSlot, excursionIdOf, orderBody, postOrder } from './orders-support';

const P = '/api/excursion/public';

for (const kind of databaseKinds()) {
  describe(`catalog version and the index page in one call [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const json = async (url: string, app = ctx.app) => {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      return { body: response.json(), headers: response.headers };
    };
    const version = async (app = ctx.app) => {
      const { body, headers } = await json(`${P}/catalog-version`, app);
      assert.equal(headers['cache-control'], 'no-store');
      assert.match(body.version, /^\d+$/);
      return BigInt(body.version);
    };
    /** A published excursion of the demo partner, with its first price unit. */
    const partnersExcursion = async () => {
      const partner = await ctx.db.query.users.findFirst({ where: eq(users.phone, PARTNER_PHONE) });
      const [row] = await ctx.db.select().from(excursions).where(and(eq(excursions.partnerId, partner!.id), eq(excursions.status, 'published'))).limit(1);
      return row!;
    };
    const setPrice = async (id: number, units: Array<{ code: string; name: string; price: number }>, price: number) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/excursion/partner/excursions/${id}`,
        headers: bearer(await ctx.tokenFor(PARTNER_PHONE)),
        payload: { price_units: units.map((u, i) => ({ ...u, price: i === 0 ? price : u.price })) },
      });
      assert.equal(response.statusCode, 200, response.body);
    };

    it('answers every block of the index page at once, the same as the five calls it replaces', async () => {
      const { body, headers } = await json(`${P}/home`);
      assert.equal(body.status, true);
      assert.match(String(headers['x-cache']), /MISS|HIT/);
      const [cities, popular, sights, reviews, blog] = await Promise.all([
        json(`${P}/excursion/cities?limit=10`),
        json(`${P}/excursions/popular?limit=8`),
        json(`${P}/sights/popular?limit=8`),
        json(`${P}/reviews/fresh?limit=6`),
        json(`${P}/blog?page=1&per_page=3`),
      ]);
      assert.deepEqual(body.data.cities, cities.body.data.data);
      assert.deepEqual(body.data.excursions, popular.body.data);
      assert.deepEqual(body.data.sights, sights.body.data);
      assert.deepEqual(body.data.reviews, reviews.body.data);
      assert.deepEqual(body.data.posts, blog.body.data.data);
      assert.ok(body.data.cities.length > 0 && body.data.excursions.length > 0, 'the fixture fills the blocks');
      assert.equal((await json(`${P}/home`)).headers['x-cache'], 'HIT', 'kept in the catalog cache');
    });

    it('moves when a partner changes a price and when a booking changes seats; a read moves nothing', async () => {
      const start = await version();
      assert.equal(await version(), start, 'reading is not a change');
      const excursion = await partnersExcursion();
      await setPrice(excursion.id, excursion.priceUnits, excursion.priceUnits[0]!.price + 100);
      const afterPrice = await version();
      assert.ok(afterPrice > start, `${afterPrice} > ${start}`);

      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, booked: 0 });
      const order = await postOrder(ctx, await ctx.tokenFor(CUSTOMER_PHONE), orderBody(excursionId, slot));
      assert.equal(order.status, 201, JSON.stringify(order.body));
      assert.ok((await version()) > afterPrice, 'a booking moves it');
    });

    it('is one version for two api processes on one database: a change made by one drops the other’s catalog cache', async () => {
      const other = (await ctx.variant({})).app;
      const excursion = await partnersExcursion();
      const homeOf = async (app: typeof ctx.app) => (await json(`${P}/home`, app)).body.data.excursions as Array<{ id: number; price: number }>;
      await version(other);
      const before = (await homeOf(other)).find((e) => e.id === excursion.id);
      assert.ok(before, 'the partner’s excursion is among the popular ones');
      assert.equal((await json(`${P}/home`, other)).headers['x-cache'], 'HIT', 'the other process keeps its own copy');

      // the card shows the lowest unit's price: the first unit made the lowest
      const changed = Math.min(...excursion.priceUnits.map((u) => u.price)) - 100;
      assert.ok(changed > 0);
      await setPrice(excursion.id, excursion.priceUnits, changed); // on the first process
      const mine = await version();
      assert.equal(await version(other), mine, 'both processes answer the same version');
      const after = (await homeOf(other)).find((e) => e.id === excursion.id)!;
      assert.equal(after.price, changed, 'the other process no longer serves its copy from before the change');
    });
  });
}
