// End to end over a real socket: what the api stores reaches the owner's private channel through the built-in server.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { bearer, useTestApp } from './helpers/app';
import { byEvent, connectEstablished, type TestClient } from './helpers/realtime';
import { api, CUSTOMER_A, PARTNER_PHONE, placeOrder, useConversationFixtures, userIdOf } from './notifications-support';

describe('notifications and chat over the websocket', () => {
  const ctx = useTestApp('pglite');
  useConversationFixtures(ctx);
  const sockets: TestClient[] = [];
  let base = '';
  after(() => sockets.forEach((s) => s.ws.close()));

  /** A socket on the token owner's channel, authorised by the real channel auth endpoint. */
  const subscribe = async (token: string, phone: string): Promise<TestClient> => {
    base ||= await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const channel = `private-App.Models.User.${await userIdOf(ctx, phone)}`;
    const { client, socketId } = await connectEstablished(`${base.replace('http', 'ws')}/app/${ctx.config.realtime.key}?protocol=7`);
    sockets.push(client);
    const response = await fetch(`${base}/socket/broadcasting/auth`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
    });
    assert.equal(response.status, 200);
    const { auth } = (await response.json()) as { auth: string };
    client.send({ event: 'pusher:subscribe', data: { channel, auth } });
    await client.next(byEvent('pusher_internal:subscription_succeeded'));
    return client;
  };

  it('an order placed reaches the partner’s socket; a chat message and its read receipt reach the other side', async () => {
    const customer = await ctx.tokenFor(CUSTOMER_A);
    const partner = await ctx.tokenFor(PARTNER_PHONE);
    const partnerSocket = await subscribe(partner, PARTNER_PHONE);
    const customerSocket = await subscribe(customer, CUSTOMER_A);

    const orderId = await placeOrder(ctx, customer, PARTNER_PHONE);
    const pushed = (await partnerSocket.next(byEvent('NotificationSent'))).data as { notification: { id: number; type: string } };
    assert.equal(pushed.notification.type, 'partner_order_new');
    const [stored] = (await api(ctx, 'GET', '/api/excursion/notification', partner)).body.data;
    assert.deepEqual(pushed.notification, stored);

    const sent = (await api(ctx, 'POST', `/api/excursion/chat/${orderId}/messages`, customer, { text: 'Здравствуйте!' })).body.data;
    const arrived = (await partnerSocket.next(byEvent('ChatMessageSent'))).data as { message: unknown; sender: { name: string } };
    assert.deepEqual(arrived.message, sent);
    assert.equal(arrived.sender.name, 'Алиса Первая');
    assert.deepEqual(((await customerSocket.next(byEvent('ChatMessageSent'))).data as { message: unknown }).message, sent);

    await api(ctx, 'POST', `/api/excursion/chat/${orderId}/message-viewed/${sent.id as number}`, partner);
    const receipt = (await customerSocket.next(byEvent('ChatMessagesRead'))).data;
    assert.deepEqual(receipt, { order_id: orderId, reader_id: await userIdOf(ctx, PARTNER_PHONE), last_read_id: sent.id });
  });
});
