// Realtime as the api wires it: real tokens at the channel auth, the Pusher HTTP API and the Origin check on the
// api's own port, and sign-out closing that token's subscriptions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import PusherServer from 'pusher';
import { apiTokens } from '../src/db/schema';
import { hashToken } from '../src/features/auth/tokens';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { byEvent, connectEstablished } from './helpers/realtime';
import { closeCode, handshakeStatus } from './helpers/realtime-node';

describe('realtime in the api', () => {
  const ctx = useTestApp('pglite');
  let base = '';
  const listening = async (): Promise<string> => {
    if (!base) base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return base;
  };
  const wsUrl = async () => `${(await listening()).replace('http', 'ws')}/app/${ctx.config.realtime.key}?protocol=7`;
  const userId = async (token: string): Promise<number> => {
    const [row] = await ctx.db.select({ id: apiTokens.userId }).from(apiTokens).where(eq(apiTokens.tokenHash, hashToken(token)));
    assert.ok(row);
    return row.id;
  };
  /** A socket subscribed to the token owner's channel through the real auth endpoint. */
  const subscribed = async (token: string) => {
    const channel = `private-App.Models.User.${await userId(token)}`;
    const socket = await connectEstablished(await wsUrl());
    const response = await fetch(`${await listening()}/socket/broadcasting/auth`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: socket.socketId, channel_name: channel }).toString(),
    });
    assert.equal(response.status, 200);
    const { auth } = (await response.json()) as { auth: string };
    socket.client.send({ event: 'pusher:subscribe', data: { channel, auth } });
    await socket.client.next(byEvent('pusher_internal:subscription_succeeded'));
    return { ...socket, channel };
  };

  test('the Pusher HTTP API is served with the app’s credentials', async () => {
    const token = await ctx.tokenFor(CUSTOMER_PHONE);
    const { client, channel } = await subscribed(token);
    const { appId, key, secret } = ctx.app.realtime.credentials;
    const port = new URL(await listening()).port;
    const pusher = new PusherServer({ appId, key, secret, host: '127.0.0.1', port, useTLS: false });
    await pusher.trigger(channel, 'NotificationSent', { id: 3 });
    assert.deepEqual((await client.next(byEvent('NotificationSent'))).data, { id: 3 });
    client.ws.close();
  });

  test('Origins come from FRONTEND_ORIGINS', async () => {
    assert.equal(await handshakeStatus(await wsUrl(), { origin: 'http://localhost:3000' }), 101);
    assert.equal(await handshakeStatus(await wsUrl(), { origin: 'https://evil.example' }), 403);
  });

  test('sign-out (POST /api/sso/logout) closes that session’s socket, the same user’s other session stays', async () => {
    const laptop = await ctx.tokenFor(CUSTOMER_PHONE);
    const phone = await ctx.tokenFor(CUSTOMER_PHONE);
    const onLaptop = await subscribed(laptop);
    const onPhone = await subscribed(phone);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/sso/logout', headers: bearer(laptop) });
    assert.equal(logout.statusCode, 200);
    assert.equal(await closeCode(onLaptop.client), 4009);

    await ctx.app.realtime.publish(onPhone.channel, 'NotificationSent', { id: 4 });
    assert.deepEqual((await onPhone.client.next(byEvent('NotificationSent'))).data, { id: 4 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/socket/broadcasting/auth',
      headers: bearer(laptop),
      payload: { socket_id: '1.2', channel_name: onLaptop.channel },
    });
    assert.equal(again.statusCode, 401, 'the revoked token cannot sign a new subscription');
    onPhone.client.ws.close();
  });
});
