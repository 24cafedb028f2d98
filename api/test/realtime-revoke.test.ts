// Signing out ends the realtime subscriptions that token authorised, and only those.
import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import PusherClient from 'pusher-js';
import { byEvent, connectEstablished, waitFor, type TestClient } from './helpers/realtime';
import { closeCode, startRealtimeNode, type RealtimeNode } from './helpers/realtime-node';

PusherClient.logToConsole = false;
const USER_1 = 'private-App.Models.User.1';

describe('revoking a token closes what it authorised', () => {
  let node: RealtimeNode;
  before(async () => {
    node = await startRealtimeNode();
  });
  after(async () => {
    await node.close();
  });

  /** A socket subscribed to `channel` through the auth endpoint with this bearer token. */
  const subscribed = async (token: string, channel = USER_1): Promise<{ client: TestClient; socketId: string }> => {
    const socket = await connectEstablished(node.wsUrl());
    const response = await node.authorize(token, socket.socketId, channel);
    assert.equal(response.status, 200);
    const { auth } = (await response.json()) as { auth: string };
    socket.client.send({ event: 'pusher:subscribe', data: { channel, auth } });
    await socket.client.next(byEvent('pusher_internal:subscription_succeeded'));
    return socket;
  };

  test('the signed-out device gets pusher:error 4009 and a 4009 close; the user’s other device keeps receiving', async () => {
    const laptop = await subscribed('good');
    const phone = await subscribed('good-phone');
    const stranger = await subscribed('other', 'private-App.Models.User.2');

    await node.realtime.server.revokeToken('good');
    const error = await laptop.client.next(byEvent('pusher:error'));
    assert.equal((error.data as { code: number }).code, 4009);
    assert.equal(await closeCode(laptop.client), 4009);

    await node.realtime.server.publish(USER_1, 'NotificationSent', { id: 1 });
    assert.deepEqual((await phone.client.next(byEvent('NotificationSent'))).data, { id: 1 });
    assert.equal(phone.client.ws.readyState, phone.client.ws.OPEN);
    assert.equal(stranger.client.ws.readyState, stranger.client.ws.OPEN);
    phone.client.ws.close();
    stranger.client.ws.close();
  });

  test('a signature handed out but not used yet dies with the token too', async () => {
    const socket = await connectEstablished(node.wsUrl());
    const response = await node.authorize('good', socket.socketId, USER_1);
    const { auth } = (await response.json()) as { auth: string };
    await node.realtime.server.revokeToken('good');
    assert.equal(await closeCode(socket.client), 4009, 'the socket the signature is bound to is gone');
    assert.ok(auth.length > 0);
  });

  test('disconnectUser closes every device of that user and no one else', async () => {
    const laptop = await subscribed('good');
    const phone = await subscribed('good-phone');
    const stranger = await subscribed('other', 'private-App.Models.User.2');
    await node.realtime.server.disconnectUser(1);
    assert.equal(await closeCode(laptop.client), 4009);
    assert.equal(await closeCode(phone.client), 4009);
    assert.ok(await stranger.client.silentFor(150, byEvent('pusher:error')));
    stranger.client.ws.close();
  });

  test('revoking an unknown token or one without sockets closes nothing', async () => {
    const phone = await subscribed('good-phone');
    await node.realtime.server.revokeToken('never-issued');
    await node.realtime.server.revokeToken(12345);
    assert.ok(await phone.client.silentFor(150));
    phone.client.ws.close();
    await waitFor(() => node.realtime.server.connectionCount === 0);
  });

  test('pusher-js treats the 4009 close as final: no reconnection with the dead token', async () => {
    // Fake timers from the start: pusher-js's socket library leaves a 30 s close timer behind in Node, and
    // its back-off is stepped through below instead of waited for.
    mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
    const client = new PusherClient('test-key', {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: node.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `${node.baseUrl}/socket/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: 'Bearer good' },
      },
    });
    try {
      let subscribed = false;
      client.subscribe(USER_1).bind('pusher:subscription_succeeded', () => (subscribed = true));
      await untilImmediate(() => subscribed);
      await node.realtime.server.revokeToken('good');
      await untilImmediate(() => client.connection.state === 'disconnected');
      mock.timers.tick(60_000); // any reconnection back-off would have fired by now
      assert.equal(client.connection.state, 'disconnected');
      await untilImmediate(() => node.realtime.server.connectionCount === 0);
    } finally {
      client.disconnect();
      mock.timers.reset();
    }
  });
});

/** Polls on the event loop's check phase, moving the faked clock 1 ms a round (setTimeout is faked meanwhile). */
async function untilImmediate(condition: () => boolean, rounds = 5_000): Promise<void> {
  for (let i = 0; i < rounds && !condition(); i++) {
    await new Promise((resolve) => setImmediate(resolve));
    mock.timers.tick(1);
  }
  assert.ok(condition(), 'condition not met');
}
