import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { excursions } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, useTestApp } from './helpers/app';

const BASE = '/api/excursion/user/favorite';

for (const kind of databaseKinds()) {
  describe(`favorites [${kind}]`, () => {
    const ctx = useTestApp(kind);

    const list = (token: string) => ctx.app.inject({ method: 'GET', url: `${BASE}/appended`, headers: bearer(token) });
    const add = (token: string, payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: BASE, headers: bearer(token), payload: payload as object });
    const remove = (token: string, id: number | string) =>
      ctx.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: bearer(token) });
    const excursionIds = async () =>
      (await ctx.db.select({ id: excursions.id }).from(excursions).orderBy(asc(excursions.id))).map((r) => r.id);

    it('needs a token (401 before any validation)', async () => {
      assert.equal((await ctx.app.inject({ method: 'GET', url: `${BASE}/appended` })).statusCode, 401);
      const post = await ctx.app.inject({ method: 'POST', url: BASE, payload: { excursion_id: 'x' } });
      assert.equal(post.statusCode, 401);
      assert.deepEqual(post.json(), { message: 'Unauthenticated.', errors: {} });
      assert.equal((await ctx.app.inject({ method: 'DELETE', url: `${BASE}/1` })).statusCode, 401);
    });

    it('adds, lists and removes favorites, idempotently', async () => {
      const token = await ctx.tokenFor(PARTNER_PHONE);
      const [first, second] = await excursionIds();
      assert.deepEqual((await list(token)).json(), { status: true, data: [] });
      const added = await add(token, { excursion_id: first });
      assert.equal(added.statusCode, 200);
      assert.deepEqual(added.json(), { status: true, data: [first] });
      assert.deepEqual((await add(token, { excursion_id: first })).json().data, [first]);
      assert.deepEqual((await add(token, { excursion_id: second })).json().data.sort(), [first, second].sort());
      assert.deepEqual((await list(token)).json().data.sort(), [first, second].sort());
      const removed = await remove(token, first!);
      assert.equal(removed.statusCode, 200);
      assert.deepEqual(removed.json(), { status: true, data: [second] });
      assert.deepEqual((await remove(token, first!)).json().data, [second]);
    });

    it('keeps each account to its own favorites', async () => {
      const anna = await ctx.tokenFor(CUSTOMER_PHONE);
      const mikhail = await ctx.tokenFor(PARTNER_PHONE);
      const annaBefore = (await list(anna)).json().data as number[];
      assert.ok(annaBefore.length >= 2, 'the demo customer has seeded favorites');
      const mikhailBefore = (await list(mikhail)).json().data as number[];
      const ids = await excursionIds();
      const fresh = ids.find((id) => !annaBefore.includes(id) && !mikhailBefore.includes(id))!;
      await add(anna, { excursion_id: fresh });
      assert.ok(!((await list(mikhail)).json().data as number[]).includes(fresh));
      // Removing someone else's favorite id only touches the caller's own list.
      await remove(mikhail, annaBefore[0]!);
      assert.ok(((await list(anna)).json().data as number[]).includes(annaBefore[0]!));
    });

    it('answers 422 JSON for a bad excursion id', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const unknown = await add(token, { excursion_id: 999999 });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json(), {
        message: 'The selected excursion id is invalid.',
        errors: { excursion_id: ['The selected excursion id is invalid.'] },
      });
      const cases: [unknown, string][] = [
        [{}, 'The excursion id field is required.'],
        [{ excursion_id: 'abc' }, 'The excursion id field must be an integer.'],
        [{ excursion_id: 0 }, 'The excursion id field must be at least 1.'],
        [{ excursion_id: 2 ** 40 }, 'The excursion id field must not be greater than 2147483647.'],
      ];
      for (const [payload, message] of cases) {
        const response = await add(token, payload);
        assert.equal(response.statusCode, 422, JSON.stringify(payload));
        assert.deepEqual(response.json(), { message, errors: { excursion_id: [message] } });
      }
      const badPath = await remove(token, 'abc');
      assert.equal(badPath.statusCode, 422);
      assert.deepEqual(badPath.json().errors, { id: ['The id field must be an integer.'] });
      const hidden = (await excursionIds())[0]!;
      await ctx.db.update(excursions).set({ status: 'hidden' }).where(eq(excursions.id, hidden));
      assert.equal((await add(token, { excursion_id: hidden })).statusCode, 422);
    });
  });
}
