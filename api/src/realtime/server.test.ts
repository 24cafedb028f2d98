import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  APP,
  byEvent,
  connectEstablished,
  connectRaw,
  startTestApp,
  type TestApp,
  waitFor,
} from '../../test/helpers/realtime';

const sign = (socketId: string, channel: string): string =>
  `${APP.appKey}:${createHmac('sha256', APP.appSecret).update(`${socketId}:${channel}`).digest('hex')}`;

describe('realtime websocket server (Pusher protocol 7)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('sends pusher:connection_established with a JSON-string data field', async () => {
    const client = connectRaw(t.wsUrl());
    const message = await client.next();
    assert.equal(message.event, 'pusher:connection_established');
    assert.equal(typeof message.rawData, 'string');
    const data = message.data as { socket_id: string; activity_timeout: number };
    assert.match(data.socket_id, /^\d+\.\d+$/);
    assert.equal(data.activity_timeout, 120);
    assert.deepEqual(Object.keys(data).sort(), ['activity_timeout', 'socket_id']);
    const second = await connectEstablished(t.wsUrl());
    assert.notEqual(second.socketId, data.socket_id, 'socket ids are random per connection');
    client.ws.close();
    second.client.ws.close();
  });

  test('answers pusher:ping with pusher:pong', async () => {
    const { client } = await connectEstablished(t.wsUrl());
    client.send({ event: 'pusher:ping', data: {} });
    const pong = await client.next();
    assert.equal(pong.event, 'pusher:pong');
    assert.equal(typeof pong.rawData, 'string');
    client.ws.close();
  });

  test('rejects a wrong app key with pusher:error 4001 and closes with 4001', async () => {
    const client = connectRaw(t.wsUrl('wrong-key'));
    const error = await client.next();
    assert.equal(error.event, 'pusher:error');
    assert.equal((error.data as { code: number }).code, 4001);
    const { code } = await client.closed;
    assert.equal(code, 4001);
  });

  test('answers 404 to upgrades outside /app/<key>', async () => {
    const client = connectRaw(`ws://127.0.0.1:${t.port}/socket/other`);
    const status = await new Promise<number>((resolve) => {
      client.ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
    assert.equal(status, 404);
  });

  test('refuses unsupported protocol versions with 4007', async () => {
    const client = connectRaw(t.wsUrl(APP.appKey, 'protocol=3'));
    assert.equal(((await client.next()).data as { code: number }).code, 4007);
    assert.equal((await client.closed).code, 4007);
  });

  test('subscribes to public channels and delivers published events with data as a JSON string', async () => {
    const { client } = await connectEstablished(t.wsUrl());
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    const ok = await client.next();
    assert.deepEqual([ok.event, ok.channel], ['pusher_internal:subscription_succeeded', 'news']);
    await t.server.publish('news', 'Published', { id: 7, text: 'Привет' });
    const event = await client.next();
    assert.equal(event.event, 'Published');
    assert.equal(event.channel, 'news');
    assert.equal(event.rawData, JSON.stringify({ id: 7, text: 'Привет' }));
    client.ws.close();
  });

  test('subscribes to a private channel only with a valid signature', async () => {
    const { client, socketId } = await connectEstablished(t.wsUrl());
    const channel = 'private-App.Models.User.1';
    client.send({ event: 'pusher:subscribe', data: { channel, auth: `${APP.appKey}:${'0'.repeat(64)}` } });
    const error = await client.next(byEvent('pusher:error'));
    assert.equal((error.data as { code: number }).code, 4009);
    const subError = await client.next(byEvent('pusher:subscription_error'));
    assert.equal(subError.channel, channel);

    // A signature made for another socket id is no good either.
    client.send({ event: 'pusher:subscribe', data: { channel, auth: sign('1.1', channel) } });
    assert.equal(((await client.next(byEvent('pusher:error'))).data as { code: number }).code, 4009);
    // Missing auth.
    client.send({ event: 'pusher:subscribe', data: { channel } });
    assert.equal(((await client.next(byEvent('pusher:error'))).data as { code: number }).code, 4009);
    await t.server.publish(channel, 'Secret', { leaked: true });
    assert.ok(await client.silentFor(150, byEvent('Secret')), 'no delivery without a subscription');

    client.send({ event: 'pusher:subscribe', data: JSON.stringify({ channel, auth: sign(socketId, channel) }) });
    const ok = await client.next(byEvent('pusher_internal:subscription_succeeded'));
    assert.equal(ok.channel, channel);
    await t.server.publish(channel, 'Secret', { ok: true });
    assert.deepEqual((await client.next(byEvent('Secret'))).data, { ok: true });
    client.ws.close();
  });

  test('authorizeChannel signs key:hmac(socket_id:channel) and refuses malformed input', () => {
    assert.deepEqual(t.server.authorizeChannel('12.34', 'private-x'), { auth: sign('12.34', 'private-x') });
    assert.throws(() => t.server.authorizeChannel('1.1:private-y', 'private-x'), TypeError);
    assert.throws(() => t.server.authorizeChannel('1.1', 'private-x:evil'), TypeError);
  });

  test('unsubscribe stops delivery', async () => {
    const { client } = await connectEstablished(t.wsUrl());
    client.send({ event: 'pusher:subscribe', data: { channel: 'room' } });
    await client.next(byEvent('pusher_internal:subscription_succeeded'));
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'room' } });
    client.send({ event: 'pusher:ping', data: {} });
    await client.next(byEvent('pusher:pong')); // the unsubscribe has been processed
    await t.server.publish('room', 'Hello', {});
    assert.ok(await client.silentFor(150, byEvent('Hello')));
    client.ws.close();
  });

  test('ignores malformed frames with pusher:error 4200 and keeps the connection', async () => {
    const { client } = await connectEstablished(t.wsUrl());
    for (const bad of ['not json', '[]', '42', 'null', '{"data":{}}', '{"event":""}']) {
      client.sendRaw(bad);
      const error = await client.next();
      assert.equal(error.event, 'pusher:error');
      assert.equal((error.data as { code: number }).code, 4200);
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel name!' } });
    assert.equal(((await client.next()).data as { code: number }).code, 4200);
    client.send({ event: 'pusher:subscribe', data: 'not-an-object' });
    assert.equal(((await client.next()).data as { code: number }).code, 4200);
    client.send({ event: 'pusher:ping', data: {} });
    assert.equal((await client.next()).event, 'pusher:pong');
    client.ws.close();
  });

  test('rejects client events', async () => {
    const { client, socketId } = await connectEstablished(t.wsUrl());
    const channel = 'private-App.Models.User.1';
    client.send({ event: 'pusher:subscribe', data: { channel, auth: sign(socketId, channel) } });
    await client.next(byEvent('pusher_internal:subscription_succeeded'));
    const other = await connectEstablished(t.wsUrl());
    other.client.send({ event: 'pusher:subscribe', data: { channel, auth: sign(other.socketId, channel) } });
    await other.client.next(byEvent('pusher_internal:subscription_succeeded'));

    client.send({ event: 'client-typing', channel, data: { x: 1 } });
    const error = await client.next(byEvent('pusher:error'));
    assert.equal((error.data as { code: number }).code, 4301);
    assert.ok(await other.client.silentFor(150, byEvent('client-typing')), 'not relayed');
    client.ws.close();
    other.client.ws.close();
  });

  test('publish validates channel names', async () => {
    await assert.rejects(t.server.publish('bad name', 'E', {}), TypeError);
  });

  test('cleans up connections and subscriptions on close', async () => {
    await waitFor(() => t.server.connectionCount === 0); // earlier tests' sockets are gone
    const { client } = await connectEstablished(t.wsUrl());
    client.send({ event: 'pusher:subscribe', data: { channel: 'cleanup' } });
    await client.next(byEvent('pusher_internal:subscription_succeeded'));
    assert.equal(t.server.connectionCount, 1);
    assert.equal(t.server.channelCount, 1);
    client.ws.close();
    await client.closed;
    await waitFor(() => t.server.connectionCount === 0);
    assert.equal(t.server.channelCount, 0, 'empty channels are forgotten');
  });
});

describe('activity timeout', () => {
  test('pings idle clients, keeps those that answer and drops the silent ones with 4201', async () => {
    const t = await startTestApp({ activityTimeout: 0.3, pongTimeout: 0.3 });
    try {
      const established = await connectEstablished(t.wsUrl());
      const silent = established.client;
      const lively = await connectEstablished(t.wsUrl());
      lively.client.ws.on('message', (raw) => {
        if (JSON.parse(String(raw)).event === 'pusher:ping') lively.client.send({ event: 'pusher:pong', data: {} });
      });
      assert.equal((await silent.next(byEvent('pusher:ping'), 2000)).event, 'pusher:ping');
      const { code } = await silent.closed;
      assert.equal(code, 4201);
      await waitFor(() => t.server.connectionCount === 1);
      assert.equal(lively.client.ws.readyState, lively.client.ws.OPEN, 'the client that answered stays');
      lively.client.ws.close();
    } finally {
      await t.close();
    }
  });
});

describe('limits', () => {
  test('refuses subscriptions beyond maxChannelsPerConnection', async () => {
    const t = await startTestApp({ maxChannelsPerConnection: 2 });
    try {
      const { client } = await connectEstablished(t.wsUrl());
      for (const channel of ['a', 'b', 'c']) client.send({ event: 'pusher:subscribe', data: { channel } });
      await client.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === 'b');
      const refused = await client.next(byEvent('pusher:subscription_error'));
      assert.equal(refused.channel, 'c');
      assert.equal(((await client.next(byEvent('pusher:error'))).data as { code: number }).code, 4300);
      assert.equal(t.server.channelCount, 2);
      client.ws.close();
    } finally {
      await t.close();
    }
  });
});

describe('close()', () => {
  test('closes every connection with 4200 and refuses new upgrades', async () => {
    const t = await startTestApp();
    const { client } = await connectEstablished(t.wsUrl());
    await t.server.close();
    assert.equal((await client.closed).code, 4200);
    assert.equal(t.server.connectionCount, 0);
    const late = connectRaw(t.wsUrl());
    await late.closed;
    assert.equal(late.ws.readyState, late.ws.CLOSED);
    assert.ok(await late.silentFor(50), 'no connection_established after close()');
    await t.app.close();
  });
});
