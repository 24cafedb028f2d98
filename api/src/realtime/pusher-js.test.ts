// End to end with the real pusher-js client (its Node build), as mfe-notifications uses it through laravel-echo.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Pusher from 'pusher-js';
import { APP, startTestApp, type TestApp, waitFor } from '../../test/helpers/realtime';

Pusher.logToConsole = false;

type Channel = ReturnType<Pusher['subscribe']>;

function once<T>(channel: Channel, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    channel.bind(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

describe('pusher-js client against the built-in server', () => {
  let t: TestApp;
  const clients: Pusher[] = [];
  const connect = (token: string, key = APP.appKey): Pusher => {
    const pusher = new Pusher(key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: t.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `${t.baseUrl}/socket/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      },
    });
    clients.push(pusher);
    return pusher;
  };

  before(async () => {
    t = await startTestApp();
  });
  after(async () => {
    for (const client of clients) client.disconnect();
    await t.close();
  });

  test('subscribes to its private user channel and receives NotificationSent as an object', async () => {
    const pusher = connect('good');
    const channel = pusher.subscribe('private-App.Models.User.1');
    await once(channel, 'pusher:subscription_succeeded');
    assert.match(pusher.connection.socket_id, /^\d+\.\d+$/);

    const notification = {
      id: 17,
      type: 'client_order_confirmed',
      text: 'Заказ подтверждён',
      link: '/account/user/orders/5',
    };
    const received = once<typeof notification>(channel, 'NotificationSent');
    await t.server.publish('private-App.Models.User.1', 'NotificationSent', notification);
    assert.deepEqual(await received, notification);
  });

  test('cannot subscribe to another user’s channel (the auth endpoint answers 403)', async () => {
    const pusher = connect('good');
    const channel = pusher.subscribe('private-App.Models.User.2');
    const error = await once<{ type: string; status?: number }>(channel, 'pusher:subscription_error');
    assert.equal(error.type, 'AuthError');
    assert.equal(error.status, 403);
  });

  test('unsubscribe stops delivery', async () => {
    const pusher = connect('other');
    const channel = pusher.subscribe('private-App.Models.User.2');
    await once(channel, 'pusher:subscription_succeeded');
    let deliveries = 0;
    channel.bind('NotificationSent', () => deliveries++);
    await t.server.publish('private-App.Models.User.2', 'NotificationSent', { id: 1 });
    await waitFor(() => deliveries === 1);

    pusher.unsubscribe('private-App.Models.User.2');
    await waitFor(() => t.server.channelCount === 1); // only user 1's channel from the first test is left
    await t.server.publish('private-App.Models.User.2', 'NotificationSent', { id: 2 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(deliveries, 1);
  });

  test('a wrong app key is refused with 4001 and pusher-js does not retry', async () => {
    const pusher = connect('good', 'wrong-key');
    const code = await new Promise<number | undefined>((resolve) => {
      // pusher-js wraps the handshake's pusher:error: { type: 'WebSocketError', error: { type: 'PusherError', data } }
      pusher.connection.bind('error', (event: { error?: { data?: { code?: number } } }) =>
        resolve(event.error?.data?.code),
      );
    });
    assert.equal(code, 4001);
    await waitFor(() => pusher.connection.state === 'disconnected');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(pusher.connection.state, 'disconnected', 'no reconnection attempt');
  });
});
