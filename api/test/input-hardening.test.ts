// Issue 16, findings 1, 5 and 7: no 500 for bad input (control characters, non-finite ids), every framework-level
// error in the `{ message, errors }` shape without echoing the input, and no secret query parameter in the logs.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { orders } from '../src/db/schema';
import { redactUrl, redactUrlsInText } from '../src/http/redact';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { createSlot, excursionIdOf, ORDER, orderBody } from './orders-support';

/** Asserts the api's error shape: `{ message: string, errors: object }`, nothing else. */
function assertErrorShape(body: unknown, what: string): asserts body is { message: string; errors: Record<string, unknown> } {
  assert.ok(body && typeof body === 'object', what);
  const { message, errors, ...rest } = body as Record<string, unknown>;
  assert.equal(typeof message, 'string', `${what}: message`);
  assert.ok(errors && typeof errors === 'object' && !Array.isArray(errors), `${what}: errors`);
  assert.deepEqual(rest, {}, `${what}: no other keys`);
}

/** One raw HTTP exchange on a real socket (what `inject` cannot reach: Node's HTTP parser). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(answer) : reject(error)));
    socket.write(request);
  });
}

function parseRaw(answer: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  return { status, headers: head, body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe('redacting secret query parameters', () => {
  it('replaces token, code, auth and signature values, keeps the rest', () => {
    assert.equal(redactUrl('/api/x?token=abc&page=2'), '/api/x?token=[REDACTED]&page=2');
    assert.equal(
      redactUrl('/a?access_token=1&auth_id=2&code=3&auth_signature=4&q=ok#frag'),
      '/a?access_token=[REDACTED]&auth_id=[REDACTED]&code=[REDACTED]&auth_signature=[REDACTED]&q=ok#frag',
    );
    assert.equal(redactUrl('/a?%74oken=abc'), '/a?%74oken=[REDACTED]');
    assert.equal(redactUrl('/api/x'), '/api/x');
    assert.equal(
      redactUrlsInText('http://localhost:3000/account?token=abc&x=1 then /p?code=9'),
      'http://localhost:3000/account?token=[REDACTED]&x=1 then /p?code=[REDACTED]',
    );
  });
});

for (const kind of databaseKinds()) {
  describe(`input hardening [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('answers 422 { message, errors }, never 500, for control characters and non-finite ids on any route', async () => {
      const cases: { url: string; field: string }[] = [
        { url: '/api/excursion/public/blog/a%00', field: 'slug' },
        { url: '/api/excursion/public/blog/a%01b', field: 'slug' },
        { url: '/api/excursion/public/excursions/Infinity/events', field: 'id' },
        { url: '/api/excursion/public/excursions/-Infinity/events', field: 'id' },
        { url: '/api/excursion/public/excursions/1e400/events', field: 'id' },
        { url: '/api/excursion/public/excursions?page=Infinity', field: 'page' },
        { url: '/api/excursion/public/excursions?page=1e400', field: 'page' },
        { url: '/api/excursion/public/search/suggest?q=a%00b', field: 'q' },
        { url: '/api/excursion/public/search/suggest?q=%1b%5b31m', field: 'q' },
        { url: '/api/excursion/public/excursion/a%00/b/c', field: 'region_slug' },
      ];
      for (const { url, field } of cases) {
        const response = await ctx.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
        const body = response.json();
        assertErrorShape(body, url);
        assert.ok(Array.isArray(body.errors[field]), `${url}: errors.${field} in ${response.body}`);
      }
      // Authenticated routes too (the guard runs before the handler, whatever the auth).
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      for (const url of [
        '/api/excursion/chat/Infinity/messages',
        '/api/excursion/chat/1e400/messages',
        '/api/excursion/chat/99999999999/messages',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
        assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${url}: ${response.statusCode}`);
        assertErrorShape(response.json(), url);
      }
      const infinite = await ctx.app.inject({ method: 'GET', url: '/api/excursion/public/excursions/Infinity/events' });
      assert.deepEqual(infinite.json(), {
        message: 'The id field must be an integer.',
        errors: { id: ['The id field must be an integer.'] },
      });
      // JSON.parse reads 1e400 as Infinity: refused in a body too, nothing written.
      const before = await ctx.db.$count(orders);
      const jsonInfinity = await ctx.app.inject({
        method: 'POST',
        url: ORDER,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(orderBody(1, 1)).replace('"excursion_id":1', '"excursion_id":1e400'),
      });
      assert.equal(jsonInfinity.statusCode, 422, jsonInfinity.body);
      assertErrorShape(jsonInfinity.json(), 'json 1e400');
      assert.ok(Array.isArray(jsonInfinity.json().errors.excursion_id), jsonInfinity.body);
      assert.equal(await ctx.db.$count(orders), before);
      assert.ok(!ctx.logs.some((line) => line.level === 50), 'no error written to the log');
    });

    it('refuses control characters in order fields and writes nothing; tab and new lines stay allowed', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const slot = await createSlot(ctx, 'serdtse-stolitsy', { capacity: 12 });
      const before = await ctx.db.$count(orders);
      const bodies: [Record<string, unknown>, string][] = [
        [{ contact_name: 'Анна\u0000' }, 'contact_name'],
        [{ comment: 'a\u0000b' }, 'comment'],
        [{ comment: 'bell\u0007' }, 'comment'],
        [{ contact_phone: '+7 999 123 45 67\u0000' }, 'contact_phone'],
        [{ participants: [{ code: 'adult\u0000', count: 1 }] }, 'participants.0.code'],
        [{ ['x\u0000']: 1 }, 'body'],
      ];
      for (const [over, field] of bodies) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: ORDER,
          headers: bearer(token),
          payload: orderBody(excursionId, slot, over),
        });
        assert.equal(response.statusCode, 422, `${JSON.stringify(over)}: ${response.body}`);
        const body = response.json();
        assertErrorShape(body, field);
        assert.deepEqual(body.errors[field], [
          `The ${field.replace(/_/g, ' ')} field must not contain control characters.`,
        ]);
        assert.ok(!response.body.includes('\u0000'), 'the input is not echoed');
      }
      assert.equal(await ctx.db.$count(orders), before, 'nothing written');
      const ok = await ctx.app.inject({
        method: 'POST',
        url: ORDER,
        headers: bearer(token),
        payload: orderBody(excursionId, slot, { comment: 'Строка 1\r\nСтрока 2\tконец' }),
      });
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().data.comment, 'Строка 1\r\nСтрока 2\tконец');
    });

    it('answers framework errors (bad JSON 400, 413, 415, 414) as { message, errors } without echoing input', async () => {
      const badJson = await ctx.app.inject({
        method: 'POST',
        url: '/api/monitoring/report',
        headers: { 'content-type': 'application/json' },
        payload: '{"page": ECHO_ME',
      });
      assert.equal(badJson.statusCode, 400);
      assertErrorShape(badJson.json(), 'bad json');
      assert.ok(!badJson.body.includes('ECHO_ME'), badJson.body);

      const media = await ctx.app.inject({
        method: 'POST',
        url: '/api/monitoring/report',
        headers: { 'content-type': 'application/x-echo-me' },
        payload: 'x',
      });
      assert.equal(media.statusCode, 415);
      assertErrorShape(media.json(), '415');
      assert.ok(!media.body.includes('echo-me'), media.body);

      const large = await ctx.app.inject({
        method: 'POST',
        url: '/api/monitoring/report',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ page: 'ECHO_ME'.repeat(200_000) }),
      });
      assert.equal(large.statusCode, 413);
      assertErrorShape(large.json(), '413');
      assert.ok(!large.body.includes('ECHO_ME'), large.body);

      const longPath = `/api/excursion/public/blog/${'p'.repeat(5000)}`;
      const tooLong = await ctx.app.inject({ method: 'GET', url: longPath });
      assert.equal(tooLong.statusCode, 414);
      assertErrorShape(tooLong.json(), '414');
      assert.ok(!tooLong.body.includes('pppp'), 'the path is not echoed');
      assert.ok(tooLong.body.length < 200);
    });

    it('answers the HTTP parser’s own errors (431, 400) as JSON { message, errors }', async () => {
      const { app } = await ctx.variant({});
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;

      const headers = parseRaw(
        await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`),
      );
      assert.equal(headers.status, 431);
      assert.match(headers.headers, /content-type: application\/json/i);
      assertErrorShape(headers.body, '431');
      assert.ok(!JSON.stringify(headers.body).includes('hhhh'));

      const garbage = parseRaw(await rawRequest(port, 'NOT A REQUEST\r\n\r\n'));
      assert.equal(garbage.status, 400);
      assertErrorShape(garbage.body, 'bad request line');

      const longUrl = parseRaw(
        await rawRequest(port, `GET /api/excursion/public/blog/${'u'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      );
      assert.ok([414, 431].includes(longUrl.status), String(longUrl.status));
      assertErrorShape(longUrl.body, 'long url');
      assert.ok(!JSON.stringify(longUrl.body).includes('uuuu'));
    });

    it('never writes a secret query parameter (?token=, ?code=) to the log', async () => {
      const { app, logs } = await ctx.variant({});
      await app.inject({ method: 'GET', url: '/api/health?token=abcSECRET1&page=1' });
      await app.inject({ method: 'GET', url: '/api/nothing-here?token=abcSECRET2' });
      await app.inject({ method: 'GET', url: '/api/excursion/public/excursions/Infinity/events?code=abcSECRET3' });
      await app.inject({ method: 'GET', url: `/api/excursion/public/blog/${'p'.repeat(500)}?token=abcSECRET4` });
      await app.inject({
        method: 'POST',
        url: '/api/monitoring/report',
        payload: {
          user_id: null,
          name: null,
          phone: null,
          page: 'http://localhost:3000/account?token=abcSECRET5',
          request: 'GET /api/sso/user?token=abcSECRET6',
          message: 'x',
        },
      });
      const written = JSON.stringify(logs);
      assert.ok(logs.length > 0, 'the app logged its requests');
      assert.ok(!/abcSECRET/.test(written), written.match(/.{80}abcSECRET.{20}/)?.[0]);
      assert.ok(written.includes('token=[REDACTED]'));
    });
  });
}
