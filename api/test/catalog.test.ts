import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const CITIES = '/api/excursion/public/excursion/cities';

for (const kind of databaseKinds()) {
  describe(`catalog [${kind}]`, () => {
    const ctx = useTestApp(kind, { seed: 'full', env: { SERVICE_COMMISSION: '12.5' } });

    it('lists 10 cities by default, most popular first, as CityCards at data.data', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: CITIES });
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.status, true);
      assert.equal(body.data.data.length, 10);
      const [first] = body.data.data;
      assert.deepEqual(Object.keys(first).sort(), [
        'country_slug',
        'excursions_count',
        'id',
        'name',
        'photo_url',
        'region_name',
        'region_slug',
        'slug',
      ]);
      assert.match(first.photo_url, /^\/api\/media\/city\/[a-z0-9-]+\/1\.svg$/);
      for (const city of body.data.data) assert.ok(city.excursions_count > 0);
    });

    it('honours a custom limit', async () => {
      const three = await ctx.app.inject({ method: 'GET', url: `${CITIES}?limit=3` });
      assert.equal(three.json().data.data.length, 3);
      const all = await ctx.app.inject({ method: 'GET', url: `${CITIES}?limit=100` });
      const cities = all.json().data.data as { id: number }[];
      assert.ok(cities.length >= 40, `cities with excursions: ${cities.length}`);
      assert.deepEqual(
        three.json().data.data.map((c: { id: number }) => c.id),
        cities.slice(0, 3).map((c) => c.id),
      );
    });

    it('answers 422 for a bad limit', async () => {
      const cases: [string, string][] = [
        ['abc', 'The limit field must be an integer.'],
        ['0', 'The limit field must be at least 1.'],
        ['101', 'The limit field must not be greater than 100.'],
        ['2.5', 'The limit field must be an integer.'],
      ];
      for (const [value, message] of cases) {
        const response = await ctx.app.inject({ method: 'GET', url: `${CITIES}?limit=${value}` });
        assert.equal(response.statusCode, 422, value);
        assert.deepEqual(response.json(), { message, errors: { limit: [message] } });
      }
    });

    it('returns the service commission', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/excursion/data/commission' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: true, data: { service_commission: 12.5 } });
    });
  });
}
