import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { strictBodyValidators } from '../src/http/ajv';
import { lazySchemas } from '../src/http/lazy-schemas';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const Body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } as const;
const Reply = { type: 'object', properties: { doubled: { type: 'integer' } } } as const;

async function tinyApp(lazy: boolean) {
  const schemas = lazySchemas({ buildValidator: strictBodyValidators() }, lazy);
  const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
  app.post('/double', { schema: { body: Body, response: { 200: Reply } } }, async (request) => ({ doubled: (request.body as { n: number }).n * 2, secret: 'x' }));
  await app.ready();
  return { app, schemas };
}

describe('route schemas compiled at their first use', () => {
  it('compiles a route’s schemas at its first request, then validates and serialises as if compiled at start', async () => {
    for (const lazy of [true, false]) {
      const { app, schemas } = await tinyApp(lazy);
      try {
        // the body validator and the 200 serialiser
        assert.equal(schemas.pending(), lazy ? 2 : 0);
        const bad = await app.inject({ method: 'POST', url: '/double', payload: { n: 'two' } });
        assert.equal(bad.statusCode, 400);
        assert.match(bad.json().message, /body\/n must be integer/);
        assert.equal(schemas.pending(), lazy ? 1 : 0);
        const good = await app.inject({ method: 'POST', url: '/double', payload: { n: 21 } });
        assert.equal(good.statusCode, 200);
        // the serialiser writes only what the schema declares
        assert.deepEqual(good.json(), { doubled: 42 });
        assert.equal(schemas.pending(), 0);
      } finally {
        await app.close();
      }
    }
  });
});

for (const kind of databaseKinds()) {
  describe(`the api's route schemas [${kind}]`, () => {
    const ctx = useTestApp(kind);
    it('all compile: none waits for a first request to find out', () => {
      const before = ctx.app.schemas.pending();
      assert.ok(before > 200, `${before} schemas waiting`);
      const compiled = ctx.app.schemas.compileAll();
      assert.equal(compiled, before);
      assert.equal(ctx.app.schemas.pending(), 0);
    });
  });
}
