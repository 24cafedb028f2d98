// Several api processes as one realtime server, over an in-memory bus (the same logic runs over Redis).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseBusMessage, type RealtimeBus } from '../src/realtime/bus';
import { createRealtimeServer } from '../src/realtime/server';
import { byEvent, connectEstablished } from './helpers/realtime';
import { createMemoryHub, type MemoryHub } from './helpers/realtime-bus';
import { closeCode, startRealtimeNode, type RealtimeNode } from './helpers/realtime-node';

const USER_1 = 'private-App.Models.User.1';

describe('realtime across processes (in-memory bus)', () => {
  let hub: MemoryHub;
  let a: RealtimeNode;
  let b: RealtimeNode;
  before(async () => {
    hub = createMemoryHub();
    a = await startRealtimeNode({ bus: hub.bus() });
    b = await startRealtimeNode({ bus: hub.bus() });
  });
  after(async () => {
    await a.close();
    await b.close();
  });

  const subscribedOn = async (node: RealtimeNode, channel = USER_1) => {
    const socket = await connectEstablished(node.wsUrl());
    socket.client.send({ event: 'pusher:subscribe', data: { channel, auth: node.sign(socket.socketId, channel) } });
    await socket.client.next(byEvent('pusher_internal:subscription_succeeded'));
    return socket;
  };

  test('a socket on B receives what A published, and every socket gets it exactly once', async () => {
    const onA = await subscribedOn(a);
    const onB = await subscribedOn(b);
    await a.realtime.server.publish(USER_1, 'NotificationSent', { id: 1 });
    assert.deepEqual((await onB.client.next(byEvent('NotificationSent'))).data, { id: 1 });
    assert.deepEqual((await onA.client.next(byEvent('NotificationSent'))).data, { id: 1 });
    assert.ok(await onA.client.silentFor(150, byEvent('NotificationSent')), 'A delivered once, not again from the bus');
    assert.ok(await onB.client.silentFor(50, byEvent('NotificationSent')));
    onA.client.ws.close();
    onB.client.ws.close();
  });

  test('socket_id exclusion holds in the other process', async () => {
    const sender = await subscribedOn(b, 'order-1');
    const peer = await subscribedOn(b, 'order-1');
    await a.realtime.server.publish('order-1', 'MessageSent', { text: 'hi' }, { exceptSocketId: sender.socketId });
    assert.deepEqual((await peer.client.next(byEvent('MessageSent'))).data, { text: 'hi' });
    assert.ok(await sender.client.silentFor(150, byEvent('MessageSent')));
    sender.client.ws.close();
    peer.client.ws.close();
  });

  test('a sign-out in A closes the socket in B that A’s auth endpoint authorised', async () => {
    const socket = await connectEstablished(b.wsUrl());
    const response = await a.authorize('good', socket.socketId, USER_1); // the auth request hit process A
    const { auth } = (await response.json()) as { auth: string };
    socket.client.send({ event: 'pusher:subscribe', data: { channel: USER_1, auth } });
    await socket.client.next(byEvent('pusher_internal:subscription_succeeded'));
    const phone = await connectEstablished(b.wsUrl());
    const phoneAuth = (await (await b.authorize('good-phone', phone.socketId, USER_1)).json()) as { auth: string };
    phone.client.send({ event: 'pusher:subscribe', data: { channel: USER_1, auth: phoneAuth.auth } });
    await phone.client.next(byEvent('pusher_internal:subscription_succeeded'));

    await a.realtime.server.revokeToken('good');
    assert.equal(await closeCode(socket.client), 4009);
    assert.ok(await phone.client.silentFor(150), 'the other device stays');
    await a.realtime.server.disconnectUser(1);
    assert.equal(await closeCode(phone.client), 4009);
  });

  test('a failing bus never fails the publisher (it logs a warning)', async () => {
    const broken: RealtimeBus = {
      publish: async () => {
        throw new Error('redis is down');
      },
      onMessage: () => undefined,
      close: async () => undefined,
    };
    const warnings: string[] = [];
    const server = createRealtimeServer({
      appId: '1',
      appKey: 'k',
      appSecret: 's',
      bus: broken,
      logger: { info: () => undefined, warn: (message) => warnings.push(message) },
    });
    await server.publish('news', 'E', {});
    await server.revokeToken('t');
    assert.equal(warnings.length, 2);
    assert.match(warnings[0] ?? '', /redis is down/);
    await server.close();
  });
});

describe('bus messages from the wire', () => {
  test('only well-formed messages are accepted', () => {
    const event = { type: 'event', channels: ['news'], event: 'E', data: '{}' };
    assert.deepEqual(parseBusMessage(event), event);
    assert.ok(parseBusMessage({ type: 'revoke', token: '17' }));
    assert.ok(parseBusMessage({ type: 'grant', socketId: '1.2', channel: USER_1, grant: { userId: '1' } }));
    for (const bad of [
      null,
      'x',
      { type: 'other' },
      { ...event, channels: ['bad name'] },
      { ...event, channels: 'news' },
      { ...event, data: {} },
      { ...event, except: '1.1:x' },
      { type: 'revoke' },
      { type: 'revoke', token: 'x'.repeat(200) },
      { type: 'grant', socketId: 'x', channel: USER_1, grant: {} },
      { type: 'grant', socketId: '1.2', channel: USER_1, grant: null },
    ]) {
      assert.equal(parseBusMessage(bad), null, JSON.stringify(bad));
    }
  });
});
