// REDIS_URL scale-out: sockets of any api process get what any process published, once; skipped without Redis.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import PusherServer from 'pusher';
import PusherClient from 'pusher-js';
import { busChannel } from '../src/realtime/redis-bus';
import { signChannel } from '../src/realtime/protocol';
import { byEvent, connectEstablished, type TestClient } from './helpers/realtime';
import { closeCode, startRealtimeNode, type RealtimeNode } from './helpers/realtime-node';
import { redisProblem, startApiProcess, type ApiProcess } from './helpers/realtime-processes';

PusherClient.logToConsole = false;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const problem = await redisProblem(REDIS_URL);
const skip = problem ? `Redis does not answer at ${REDIS_URL} (${problem}): scale-out tests skipped` : false;
if (skip) console.log(`# ${skip}`);
// A fresh app id per run: other runs on the same Redis never see our events.
const appId = () => `test-${randomBytes(6).toString('hex')}`;

async function subscribed(url: string, channel: string, sign: (socketId: string) => string) {
  const socket = await connectEstablished(url);
  socket.client.send({ event: 'pusher:subscribe', data: { channel, auth: sign(socket.socketId) } });
  await socket.client.next(byEvent('pusher_internal:subscription_succeeded'));
  return socket;
}
const count = async (client: TestClient, event: string, ms = 300): Promise<number> => {
  let n = 0;
  while (!(await client.silentFor(ms, byEvent(event)))) n++;
  return n;
};

describe('Redis scale-out: two servers with their own HTTP servers and Redis connections', { skip }, () => {
  const USER_1 = 'private-App.Models.User.1';
  let a: RealtimeNode;
  let b: RealtimeNode;
  const env = { REDIS_URL, REALTIME_APP_ID: appId() };
  before(async () => {
    a = await startRealtimeNode({ env });
    b = await startRealtimeNode({ env });
  });
  after(async () => {
    await a?.close();
    await b?.close();
  });

  test('a socket on B receives what A published; each socket exactly once', async () => {
    const onA = await subscribed(a.wsUrl(), USER_1, (id) => a.sign(id, USER_1));
    const onB = await subscribed(b.wsUrl(), USER_1, (id) => b.sign(id, USER_1));
    await a.realtime.server.publish(USER_1, 'NotificationSent', { id: 7 });
    assert.deepEqual((await onB.client.next(byEvent('NotificationSent'))).data, { id: 7 });
    assert.deepEqual((await onA.client.next(byEvent('NotificationSent'))).data, { id: 7 });
    assert.equal(await count(onA.client, 'NotificationSent'), 0, 'A does not deliver its own event twice');
    assert.equal(await count(onB.client, 'NotificationSent', 50), 0);
    onA.client.ws.close();
    onB.client.ws.close();
  });

  test('a sign-out in B closes the socket on A that B authorised', async () => {
    const socket = await connectEstablished(a.wsUrl());
    const { auth } = (await (await b.authorize('good', socket.socketId, USER_1)).json()) as { auth: string };
    socket.client.send({ event: 'pusher:subscribe', data: { channel: USER_1, auth } });
    await socket.client.next(byEvent('pusher_internal:subscription_succeeded'));
    await b.realtime.server.revokeToken('good');
    assert.equal(await closeCode(socket.client), 4009);
  });

  test('garbage on the Redis channel is ignored and delivery goes on', async () => {
    const onB = await subscribed(b.wsUrl(), 'news', () => '');
    const redis = new Redis(REDIS_URL);
    try {
      for (const junk of ['not json', '{"o":"x","m":{"type":"event","channels":["news"],"event":"E","data":{}}}']) {
        await redis.publish(busChannel(env.REALTIME_APP_ID), junk);
      }
      await redis.publish(busChannel(env.REALTIME_APP_ID), JSON.stringify({ o: 'x', m: { type: 'other' } }));
    } finally {
      redis.disconnect();
    }
    await a.realtime.server.publish('news', 'E', { ok: true });
    assert.deepEqual((await onB.client.next(byEvent('E'))).data, { ok: true });
    onB.client.ws.close();
  });

  test('another app id on the same Redis hears nothing', async () => {
    const other = await startRealtimeNode({ env: { REDIS_URL, REALTIME_APP_ID: appId() } });
    try {
      const onOther = await subscribed(other.wsUrl(), 'news', () => '');
      await a.realtime.server.publish('news', 'E', {});
      assert.ok(await onOther.client.silentFor(200, byEvent('E')));
      onOther.client.ws.close();
    } finally {
      await other.close();
    }
  });
});

describe('Redis scale-out: two api processes (src/main.ts)', { skip }, () => {
  const secret = randomBytes(32).toString('hex');
  const env = { REDIS_URL, APP_ENV: 'development', REALTIME_APP_ID: appId(), REALTIME_APP_SECRET: secret };
  const key = 'excursio-key';
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  const browsers: PusherClient[] = [];
  before(async () => {
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  });
  after(async () => {
    for (const browser of browsers) browser.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  test('the pusher library publishes to A; pusher-js connected to B gets it once, a socket on A too', async () => {
    if (!a || !b) throw new Error('not started');
    const login = await fetch(`${b.baseUrl}/api/dev/login-as`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '79990000001' }),
    });
    const { data } = (await login.json()) as { data: { token: string; user: { id: number } } };
    const channelName = `private-App.Models.User.${data.user.id}`;
    const browser = new PusherClient(key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: b.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `${b.baseUrl}/socket/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${data.token}` },
      },
    });
    browsers.push(browser);
    const channel = browser.subscribe(channelName);
    await new Promise((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', resolve);
      channel.bind('pusher:subscription_error', reject);
    });
    const received: unknown[] = [];
    channel.bind('NotificationSent', (payload: unknown) => received.push(payload));
    const onA = await subscribed(`ws://127.0.0.1:${a.port}/app/${key}?protocol=7`, channelName, (id) =>
      signChannel(key, secret, id, channelName),
    );

    const publisher = (api: ApiProcess) =>
      new PusherServer({ appId: env.REALTIME_APP_ID, key, secret, host: '127.0.0.1', port: String(api.port), useTLS: false });
    await publisher(a).trigger(channelName, 'NotificationSent', { id: 1, text: 'Заказ подтверждён' });
    await publisher(b).trigger(channelName, 'NotificationSent', { id: 2, text: 'Новое сообщение' });
    assert.deepEqual((await onA.client.next(byEvent('NotificationSent'))).data, { id: 1, text: 'Заказ подтверждён' });
    assert.deepEqual((await onA.client.next(byEvent('NotificationSent'))).data, { id: 2, text: 'Новое сообщение' });
    assert.equal(await count(onA.client, 'NotificationSent'), 0, 'each event once on A');
    assert.deepEqual(received, [
      { id: 1, text: 'Заказ подтверждён' },
      { id: 2, text: 'Новое сообщение' },
    ]);
    onA.client.ws.close();
  });
});
