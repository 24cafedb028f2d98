import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { bookedSeats, createSlot, excursionIdOf, orderBody, otherCustomerToken, postOrder } from './orders-support';

// On PGlite the single connection serialises the transactions; on PostgreSQL (DATABASE_URL) they really race
// through the pool, and the conditional UPDATE (booked_seats + n <= capacity) decides.
for (const kind of databaseKinds()) {
  describe(`orders under concurrency [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('gives the last 2 seats to exactly one of 8 simultaneous orders', async () => {
      const tokens = [await ctx.tokenFor(CUSTOMER_PHONE), await otherCustomerToken(ctx)];
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12, booked: 10 });
      const body = orderBody(excursionId, slot, { participants: [{ code: 'adult', count: 2 }] });
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => postOrder(ctx, tokens[i % 2]!, body)));
      const statuses = results.map((r) => r.status).sort();
      assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409, 409, 409]);
      assert.equal(await bookedSeats(ctx, slot), 12);
      assert.equal((await ctx.db.select().from(orders).where(eq(orders.eventId, slot))).length, 1);
    });

    it('fills a slot exactly: 3 seats left, 10 single-seat orders at once → 3 win', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const excursionId = await excursionIdOf(ctx, 'dvortsy-i-mosty');
      const slot = await createSlot(ctx, 'dvortsy-i-mosty', { capacity: 12, booked: 9 });
      const body = orderBody(excursionId, slot, { participants: [{ code: 'adult', count: 1 }] });
      const results = await Promise.all(Array.from({ length: 10 }, () => postOrder(ctx, token, body)));
      assert.equal(results.filter((r) => r.status === 201).length, 3);
      assert.equal(results.filter((r) => r.status === 409).length, 7);
      assert.equal(await bookedSeats(ctx, slot), 12);
    });

    it('never lets concurrent cancellations return more seats than were taken', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const excursionId = await excursionIdOf(ctx, 'moskva-s-detmi');
      const slot = await createSlot(ctx, 'moskva-s-detmi', { capacity: 12, booked: 4 });
      const created = await postOrder(ctx, token, orderBody(excursionId, slot));
      const id = created.body.data.id as number;
      const cancels = await Promise.all(
        Array.from({ length: 4 }, () =>
          ctx.app.inject({ method: 'POST', url: `/api/excursion/user/order/${id}/cancel`, headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      assert.deepEqual(cancels.map((r) => r.statusCode).sort(), [200, 422, 422, 422]);
      assert.equal(await bookedSeats(ctx, slot), 4);
    });
  });
}
