import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detailPathOf, warmUp, WARM_UP_PATHS, WARM_UP_SIGNED_IN_PATHS } from '../src/warm-up';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const P = '/api/excursion/public';

describe('warm-up before listening', () => {
  it('finds the first listed excursion’s page, and nothing in an answer not shaped as a list', () => {
    const list = { status: true, data: { data: [{ slug: 'kreml', city: { slug: 'moskva' }, region: { slug: 'moskovskaya' } }] } };
    assert.equal(detailPathOf(JSON.stringify(list)), `${P}/excursion/moskovskaya/moskva/kreml`);
    assert.equal(detailPathOf(JSON.stringify({ status: true, data: { data: [] } })), null);
    assert.equal(detailPathOf('<html>'), null);
  });

  it('counts failed answers and thrown calls without stopping, and keeps to its time budget', async () => {
    const seen: string[] = [];
    const tokens = new Set<string>();
    const report = await warmUp(
      {
        inject: async ({ url, headers }) => {
          seen.push(url);
          if (headers?.authorization) tokens.add(headers.authorization);
          if (url.endsWith('/home')) throw new Error('database away');
          if (url.endsWith('/order')) return { statusCode: 200, body: '{}' }; // a signed-in call must be refused
          return { statusCode: url.includes('cities') ? 500 : headers ? 401 : 200, body: '{}' };
        },
      },
      { rounds: 2 },
    );
    const perRound = WARM_UP_PATHS.length + WARM_UP_SIGNED_IN_PATHS.length;
    assert.equal(report.requests, 2 * perRound);
    assert.equal(report.failed, 6);
    assert.deepEqual(seen.slice(0, perRound), [...WARM_UP_PATHS, ...WARM_UP_SIGNED_IN_PATHS]);
    // one throw-away token of a real token's form, sent with the signed-in calls only
    assert.equal(tokens.size, 1);
    assert.match([...tokens].join(), /^Bearer [A-Za-z0-9_-]{43}$/);

    let calls = 0;
    const slow = await warmUp(
      {
        inject: async () => {
          calls += 1;
          await new Promise((resolve) => setTimeout(resolve, 30));
          return { statusCode: 200, body: '{}' };
        },
      },
      { rounds: 1000, budgetMs: 100 },
    );
    // the round running when the budget ran out finishes; no new one starts
    assert.ok(slow.ms < 100 + 30 * perRound + 50, `${slow.ms} ms`);
    assert.ok(calls <= 2 * perRound, `${calls} calls`);
    assert.deepEqual(await warmUp({ inject: async () => assert.fail('no rounds, no calls') }, { rounds: 0 }), { requests: 0, failed: 0, ms: 0 });
  });
});

for (const kind of databaseKinds()) {
  describe(`warm-up on a real app [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('leaves the catalog’s hottest answers in memory: the first real requests are hits, the excursion page too', async () => {
      ctx.catalogCache.invalidate();
      const report = await warmUp(ctx.app, { rounds: 2 });
      assert.equal(report.failed, 0);
      // the five calls twice, the excursion page found in the first round's list twice, and the signed-in calls twice,
      // each refused (401: the warm-up's token is no one's), else it would count as failed
      assert.equal(report.requests, 2 * (WARM_UP_PATHS.length + 1 + WARM_UP_SIGNED_IN_PATHS.length));
      const list = await ctx.app.inject({ method: 'GET', url: `${P}/excursions?per_page=12` });
      const detail = detailPathOf(list.body);
      assert.ok(detail);
      for (const url of [`${P}/home`, `${P}/excursions?per_page=12`, `${P}/excursion/cities`, detail]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 200, url);
        assert.equal(response.headers['x-cache'], 'HIT', url);
      }
    });
  });
}
