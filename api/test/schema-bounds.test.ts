// Issue 24 item 10: every string and number a client sends has its bounds in the schema (path, query and body of
// every operation of the OpenAPI document), so an oversized name or an int4-overflowing price is a 422 naming the
// field, never a database error. A new route is checked without editing this file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { cities } from '../src/db/schema';
import { PARTNER_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { operationsOf, type JsonSchema } from './helpers/openapi';
import { call } from './partner-misc-support';

/** Where in `schema` (named `at`) a string lacks maxLength or a number lacks minimum/maximum. */
export function unbounded(schema: JsonSchema | undefined, at: string): string[] {
  if (!schema || schema.enum || schema.const !== undefined) return [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap((v) => unbounded(v, at));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const out: string[] = [];
  if (types.includes('string') && typeof schema.maxLength !== 'number') out.push(`${at}: string without maxLength`);
  if (types.includes('integer') || types.includes('number')) {
    const low = typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number';
    const high = typeof schema.maximum === 'number' || typeof schema.exclusiveMaximum === 'number';
    if (!low || !high) out.push(`${at}: number without ${!low ? 'minimum' : 'maximum'}`);
  }
  if (types.includes('array')) {
    if (typeof schema.maxItems !== 'number') out.push(`${at}: array without maxItems`);
    out.push(...unbounded(schema.items, `${at}[]`));
  }
  for (const [key, sub] of Object.entries(schema.properties ?? {})) out.push(...unbounded(sub, `${at}.${key}`));
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') out.push(...unbounded(extra as JsonSchema, `${at}.*`));
  return out;
}

describe('schema bounds', () => {
  const ctx = useTestApp('pglite', { seed: 'none' });

  it('every string, number and array of every request has its bounds', () => {
    const gaps = operationsOf(ctx.app).flatMap((op) => {
      const name = `${op.method} ${op.path}`;
      return [
        ...op.pathParams.flatMap((p) => unbounded(p.schema, `${name} path ${p.name}`)),
        ...op.queryParams.flatMap((p) => unbounded(p.schema, `${name} query ${p.name}`)),
        ...unbounded(op.body ?? undefined, `${name} body`),
      ];
    });
    assert.deepEqual(gaps, []);
  });
});

for (const kind of databaseKinds()) {
  describe(`an excursion's price lines and names have bounds [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('PUT …/excursions/{id}: a price of −1 or ≥ 2³¹, a 100 000-character name, an empty code are 422s naming the field', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const city = await ctx.db.query.cities.findFirst({ where: eq(cities.slug, 'moskva') });
      const created = await call(ctx, 'POST', '/api/excursion/partner/excursions', partner, { city_id: city!.id });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const url = `/api/excursion/partner/excursions/${created.body.data.id}`;
      const unit = { code: 'adult', name: 'Взрослый', price: 1500 };
      const cases: [object, string][] = [
        [{ price_units: [{ ...unit, price: -1 }] }, 'price_units.0.price'],
        [{ price_units: [{ ...unit, price: 2 ** 31 }] }, 'price_units.0.price'],
        [{ price_units: [{ ...unit, price: 1_000_001 }] }, 'price_units.0.price'],
        [{ price_units: [{ ...unit, name: 'я'.repeat(100_000) }] }, 'price_units.0.name'],
        [{ price_units: [{ ...unit, code: '' }] }, 'price_units.0.code'],
        [{ title: 'я'.repeat(100_000) }, 'title'],
      ];
      for (const [payload, field] of cases) {
        const response = await call(ctx, 'PUT', url, partner, payload);
        assert.equal(response.status, 422, `${field}: ${JSON.stringify(response.body).slice(0, 200)}`);
        assert.deepEqual(Object.keys(response.body.errors), [field]);
      }
      const saved = await call(ctx, 'PUT', url, partner, { price_units: [unit, { code: 'child', name: '', price: 0 }] });
      assert.equal(saved.status, 200, 'a draft keeps an unnamed, unpriced line while it is being filled in');
      assert.deepEqual(saved.body.data.price_units, [unit, { code: 'child', name: '', price: 0 }]);
    });
  });
}
