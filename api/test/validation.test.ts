import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import Type from 'typebox';
import { installErrorHandling } from '../src/http/error-handler';

describe('Laravel-style validation errors', () => {
  let app: FastifyInstance;

  before(async () => {
    app = Fastify({ ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true } } });
    installErrorHandling(app);
    app.post(
      '/probe',
      {
        schema: {
          body: Type.Object({
            contact_phone: Type.String({ pattern: '^[0-9]{10,15}$' }),
            name: Type.String({ minLength: 2, maxLength: 5 }),
            user_id: Type.Union([Type.Integer(), Type.Null()]),
            format: Type.Union([Type.Literal('group'), Type.Literal('individual')]),
            participants: Type.Array(Type.Object({ count: Type.Integer({ minimum: 1 }) }), { minItems: 1 }),
            agree: Type.Optional(Type.Boolean()),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/boom', async () => {
      throw new Error('database exploded');
    });
    await app.ready();
  });
  after(() => app.close());

  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/probe', payload: payload as object });
  const valid = { contact_phone: '79990000001', name: 'Анна', user_id: null, format: 'group', participants: [{ count: 2 }] };

  it('accepts a valid body', async () => {
    assert.equal((await post(valid)).statusCode, 200);
  });

  it('reports every field once, with "(and N more errors)"', async () => {
    const response = await post({ contact_phone: '+7 999', name: 'А', user_id: 'x', format: 'bus', participants: [{ count: 0 }], agree: 'maybe' });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The contact phone field format is invalid. (and 5 more errors)',
      errors: {
        contact_phone: ['The contact phone field format is invalid.'],
        name: ['The name field must be at least 2 characters.'],
        user_id: ['The user id field must be an integer.'],
        format: ['The selected format is invalid.'],
        'participants.0.count': ['The participants.0.count field must be at least 1.'],
        agree: ['The agree field must be true or false.'],
      },
    });
  });

  it('words required, max length and array rules', async () => {
    const response = await post({ ...valid, contact_phone: undefined, name: 'Слишком', participants: [] });
    assert.deepEqual(response.json().errors, {
      contact_phone: ['The contact phone field is required.'],
      name: ['The name field must not be greater than 5 characters.'],
      participants: ['The participants field must have at least 1 items.'],
    });
    assert.equal(response.json().message, 'The contact phone field is required. (and 2 more errors)');
  });

  it('answers a non-object body with 422, not 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/probe', payload: '"text"', headers: { 'content-type': 'application/json' } });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, { body: ['The request body must be a JSON object.'] });
  });

  it('hides unexpected errors behind 500 Server Error', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: 'Server Error', errors: {} });
  });
});
