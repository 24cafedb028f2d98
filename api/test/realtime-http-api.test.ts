// The built-in server speaks the Pusher HTTP API: the official `pusher` library publishes, pusher-js receives.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import PusherServer from 'pusher';
import PusherClient from 'pusher-js';
import { createHttpBroadcaster, signRequestQuery } from '../src/realtime/http-broadcaster';
import { byEvent, connectEstablished } from './helpers/realtime';
import { NODE_APP, startRealtimeNode, type RealtimeNode } from './helpers/realtime-node';

PusherClient.logToConsole = false;
type Channel = ReturnType<PusherClient['subscribe']>;

function next<T>(channel: Channel, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const handler = (data: T): void => {
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

describe('Pusher HTTP API on the built-in server', () => {
  let node: RealtimeNode;
  let publisher: PusherServer;
  const clients: PusherClient[] = [];
  const browser = (token: string): PusherClient => {
    const client = new PusherClient(NODE_APP.key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: node.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `${node.baseUrl}/socket/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${token}` },
      },
    });
    clients.push(client);
    return client;
  };
  /** A signed POST the way the pusher library makes it, with parts replaced to break it. */
  const post = (body: string, override: { path?: string; secret?: string; key?: string; timestamp?: number } = {}) => {
    const path = override.path ?? `/apps/${NODE_APP.appId}/events`;
    const query = signRequestQuery({
      method: 'POST',
      path,
      key: override.key ?? NODE_APP.key,
      secret: override.secret ?? NODE_APP.secret,
      body,
      timestamp: override.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return fetch(`${node.baseUrl}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  };

  before(async () => {
    node = await startRealtimeNode();
    publisher = new PusherServer({
      appId: NODE_APP.appId,
      key: NODE_APP.key,
      secret: NODE_APP.secret,
      host: '127.0.0.1',
      port: String(node.port),
      useTLS: false,
    });
  });
  after(async () => {
    for (const client of clients) client.disconnect();
    await node.close();
  });

  test('the official pusher library triggers NotificationSent; pusher-js on a private channel receives it', async () => {
    const channel = browser('good').subscribe('private-App.Models.User.1');
    await next(channel, 'pusher:subscription_succeeded');
    const notification = { id: 42, type: 'client_order_confirmed', text: 'Заказ подтверждён', link: '/account/user/7' };
    const received = next<typeof notification>(channel, 'NotificationSent');
    const response = await publisher.trigger('private-App.Models.User.1', 'NotificationSent', notification);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {});
    assert.deepEqual(await received, notification);
  });

  test('triggerBatch and a multi-channel trigger reach every channel', async () => {
    const one = browser('good').subscribe('private-App.Models.User.1');
    const two = browser('other').subscribe('private-App.Models.User.2');
    await Promise.all([next(one, 'pusher:subscription_succeeded'), next(two, 'pusher:subscription_succeeded')]);
    const batch = Promise.all([next<{ n: number }>(one, 'Batched'), next<{ n: number }>(two, 'Batched')]);
    await publisher.triggerBatch([
      { channel: 'private-App.Models.User.1', name: 'Batched', data: { n: 1 } },
      { channel: 'private-App.Models.User.2', name: 'Batched', data: { n: 2 } },
    ]);
    assert.deepEqual(await batch, [{ n: 1 }, { n: 2 }]);
    const both = Promise.all([next(one, 'Both'), next(two, 'Both')]);
    await publisher.trigger(['private-App.Models.User.1', 'private-App.Models.User.2'], 'Both', { ok: true });
    assert.deepEqual(await both, [{ ok: true }, { ok: true }]);
  });

  test('socket_id leaves out the sender’s own connection', async () => {
    const sender = await connectEstablished(node.wsUrl());
    const peer = await connectEstablished(node.wsUrl());
    for (const { client } of [sender, peer]) {
      client.send({ event: 'pusher:subscribe', data: { channel: 'order-5' } });
      await client.next(byEvent('pusher_internal:subscription_succeeded'));
    }
    await publisher.trigger('order-5', 'MessageSent', { text: 'Здравствуйте' }, { socket_id: sender.socketId });
    assert.deepEqual((await peer.client.next(byEvent('MessageSent'))).data, { text: 'Здравствуйте' });
    assert.ok(await sender.client.silentFor(200, byEvent('MessageSent')), 'the sender does not get its own event');
    sender.client.ws.close();
    peer.client.ws.close();
  });

  test('our HTTP broadcaster (used for external servers) publishes to the built-in endpoint too', async () => {
    const channel = browser('other').subscribe('private-App.Models.User.2');
    await next(channel, 'pusher:subscription_succeeded');
    const broadcaster = createHttpBroadcaster({
      host: '127.0.0.1',
      port: node.port,
      scheme: 'http',
      appId: NODE_APP.appId,
      key: NODE_APP.key,
      secret: NODE_APP.secret,
    });
    const received = next<{ id: number }>(channel, 'NotificationSent');
    await broadcaster.publish('private-App.Models.User.2', 'NotificationSent', { id: 9 });
    assert.deepEqual(await received, { id: 9 });
  });

  test('refuses bad credentials with 401/404 and { message, errors }', async () => {
    const body = JSON.stringify({ name: 'E', channels: ['news'], data: '{}' });
    const cases: Array<[string, Response, number, string]> = [
      ['wrong secret', await post(body, { secret: 'not-the-secret' }), 401, 'auth_signature'],
      ['wrong key', await post(body, { key: 'other-key' }), 401, 'auth_key'],
      ['stale timestamp', await post(body, { timestamp: Math.floor(Date.now() / 1000) - 601 }), 401, 'auth_timestamp'],
      ['unknown app id', await post(body, { path: '/apps/999/events' }), 404, 'app_id'],
    ];
    for (const [name, response, status, field] of cases) {
      assert.equal(response.status, status, name);
      const json = (await response.json()) as { message: string; errors: Record<string, string[]> };
      assert.equal(typeof json.message, 'string', name);
      assert.ok(json.errors[field]?.[0], `${name}: errors.${field}`);
    }
    const unsigned = await fetch(`${node.baseUrl}/apps/${NODE_APP.appId}/events`, { method: 'POST', body });
    assert.equal(unsigned.status, 401);
    await assert.rejects(
      new PusherServer({ ...publisherOptions(node), secret: 'wrong' }).trigger('news', 'E', {}),
      (error: { status?: number }) => error.status === 401,
    );
  });

  test('a body changed after signing fails body_md5', async () => {
    const body = JSON.stringify({ name: 'E', channels: ['news'], data: '{}' });
    const query = signRequestQuery({
      method: 'POST',
      path: `/apps/${NODE_APP.appId}/events`,
      key: NODE_APP.key,
      secret: NODE_APP.secret,
      body,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const tampered = await fetch(`${node.baseUrl}/apps/${NODE_APP.appId}/events?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body.replace('news', 'private-App.Models.User.1'),
    });
    assert.equal(tampered.status, 401);
    assert.ok(((await tampered.json()) as { errors: Record<string, unknown> }).errors.body_md5);
  });

  test('validates the body: 400 with the fields, 413 for oversized data', async () => {
    const expect400 = async (body: string, field: string) => {
      const response = await post(body);
      assert.equal(response.status, 400, body.slice(0, 80));
      const json = (await response.json()) as { message: string; errors: Record<string, string[]> };
      assert.ok(json.errors[field]?.[0], `errors.${field} for ${body.slice(0, 80)}`);
      assert.equal(json.message, Object.values(json.errors)[0]?.[0]);
    };
    await expect400('not json', 'body');
    await expect400(JSON.stringify({ channels: ['news'], data: '{}' }), 'name');
    await expect400(JSON.stringify({ name: 'E', data: '{}' }), 'channels');
    await expect400(JSON.stringify({ name: 'E', channels: ['bad name'], data: '{}' }), 'channels');
    await expect400(JSON.stringify({ name: 'E', channels: Array(101).fill('news'), data: '{}' }), 'channels');
    await expect400(JSON.stringify({ name: 'E', channels: ['news'] }), 'data');
    await expect400(JSON.stringify({ name: 'pusher:error', channels: ['news'], data: '{}' }), 'name');
    await expect400(JSON.stringify({ name: 'E', channels: ['news'], data: '{}', socket_id: '1.1:x' }), 'socket_id');
    const big = await post(JSON.stringify({ name: 'E', channels: ['news'], data: 'x'.repeat(33 * 1024) }));
    assert.equal(big.status, 413);
    const batchPath = `/apps/${NODE_APP.appId}/batch_events`;
    const tooMany = JSON.stringify({ batch: Array(11).fill({ channel: 'news', name: 'E', data: '{}' }) });
    assert.equal((await post(tooMany, { path: batchPath })).status, 400);
    const badItem = await post(JSON.stringify({ batch: [{ channel: 'news', data: '{}' }] }), { path: batchPath });
    assert.ok(((await badItem.json()) as { errors: Record<string, unknown> }).errors['batch.0.name']);
  });
});

function publisherOptions(node: RealtimeNode) {
  return { appId: NODE_APP.appId, key: NODE_APP.key, host: '127.0.0.1', port: String(node.port), useTLS: false };
}
