import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { registerRealtimeRoutes } from './routes';
import { createRealtimeServer } from './server';
import { APP, fakeAuthenticate, startTestApp, type TestApp } from '../../test/helpers/realtime';

const expectedAuth = (socketId: string, channel: string): string =>
  `${APP.appKey}:${createHmac('sha256', APP.appSecret).update(`${socketId}:${channel}`).digest('hex')}`;

describe('POST /socket/broadcasting/auth', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => {
    await t.close();
  });

  const post = (body: string, contentType: string, token: string | null = 'good') =>
    t.app.inject({
      method: 'POST',
      url: '/socket/broadcasting/auth',
      headers: {
        'content-type': contentType,
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body,
    });
  const form = (fields: Record<string, string>, token?: string | null) =>
    post(new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded', token);
  const json = (fields: Record<string, unknown>, token?: string | null) =>
    post(JSON.stringify(fields), 'application/json', token);

  const own = 'private-App.Models.User.1';

  test('signs the caller’s own user channel from a form-encoded body', async () => {
    const res = await form({ socket_id: '123.456', channel_name: own });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { auth: expectedAuth('123.456', own) });
  });

  test('accepts a JSON body too', async () => {
    const res = await json({ socket_id: '9.8', channel_name: own });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { auth: expectedAuth('9.8', own) });
  });

  test('answers 401 without a valid bearer token', async () => {
    for (const token of [null, 'bad']) {
      const res = await form({ socket_id: '1.2', channel_name: own }, token);
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { message: 'Unauthenticated.' });
    }
  });

  test('answers 403 for another user’s channel and for non-private channels', async () => {
    for (const channel of ['private-App.Models.User.2', 'private-App.Models.User.10', 'news', 'presence-room']) {
      const res = await form({ socket_id: '1.2', channel_name: channel });
      assert.equal(res.statusCode, 403, channel);
      assert.deepEqual(res.json(), { message: 'This action is unauthorized.' });
    }
    const other = await form({ socket_id: '1.2', channel_name: 'private-App.Models.User.2' }, 'other');
    assert.equal(other.statusCode, 200, 'user 2 may join their own channel');
  });

  test('answers 422 for a malformed socket_id before signing anything', async () => {
    // The advisory case: a socket_id carrying ":<channel>" would turn the signature into one for another channel.
    for (const socketId of ['1.1:private-App.Models.User.2', 'abc', '1', '1.2.3', ' 1.2', '']) {
      const res = await form({ socket_id: socketId, channel_name: own });
      assert.equal(res.statusCode, 422, JSON.stringify(socketId));
      const body = res.json() as { message: string; errors: Record<string, string[]>; auth?: string };
      assert.equal(body.auth, undefined);
      assert.ok(body.errors.socket_id?.[0]);
      assert.equal(body.message, body.errors.socket_id?.[0]);
    }
    const missing = await json({ channel_name: own });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json(), {
      message: 'The socket id field is required.',
      errors: { socket_id: ['The socket id field is required.'] },
    });
    const wrongType = await json({ socket_id: { $gt: '' }, channel_name: own });
    assert.equal(wrongType.statusCode, 422);
    assert.deepEqual((wrongType.json() as { errors: object }).errors, {
      socket_id: ['The socket id field format is invalid.'],
    });
  });

  test('answers 422 for a malformed channel name', async () => {
    for (const channel of ['private-App.Models.User.1:x', 'private-a b', 'x'.repeat(200)]) {
      const res = await form({ socket_id: '1.2', channel_name: channel });
      assert.equal(res.statusCode, 422, channel);
      assert.deepEqual((res.json() as { errors: object }).errors, {
        channel_name: ['The channel name field format is invalid.'],
      });
    }
  });

  test('checks the token before the body', async () => {
    const res = await form({ socket_id: 'bad', channel_name: own }, null);
    assert.equal(res.statusCode, 401);
  });
});

describe('registerRealtimeRoutes options', () => {
  test('a custom canAccess decides which private channels a user may join', async () => {
    const app = Fastify();
    const server = createRealtimeServer(APP);
    registerRealtimeRoutes(app, {
      server,
      authenticate: fakeAuthenticate,
      canAccess: async (user, channel) => channel === `private-orders.${user.id}`,
    });
    try {
      const send = (channel: string) =>
        app.inject({
          method: 'POST',
          url: '/socket/broadcasting/auth',
          headers: { authorization: 'Bearer good' },
          payload: { socket_id: '1.2', channel_name: channel },
        });
      assert.equal((await send('private-orders.1')).statusCode, 200);
      assert.equal((await send('private-App.Models.User.1')).statusCode, 403);
    } finally {
      await server.close();
      await app.close();
    }
  });

  test('lives next to an app-wide form parser without conflict', async () => {
    const app = Fastify();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const server = createRealtimeServer(APP);
    registerRealtimeRoutes(app, { server, authenticate: fakeAuthenticate });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/socket/broadcasting/auth',
        headers: { authorization: 'Bearer good', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'socket_id=1.2&channel_name=private-App.Models.User.1',
      });
      assert.equal(res.statusCode, 200);
    } finally {
      await server.close();
      await app.close();
    }
  });
});
