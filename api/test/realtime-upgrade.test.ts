// Who may open a socket: Origins from FRONTEND_ORIGINS, a cap per client address, X-Forwarded-For from proxies only.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { WebSocket } from 'ws';
import { createClientIpResolver } from '../src/realtime/client-ip';
import { waitFor } from './helpers/realtime';
import { handshakeStatus, openSocket, startRealtimeNode, type RealtimeNode } from './helpers/realtime-node';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('client address of an upgrade (proxy-addr rules)', () => {
  test('X-Forwarded-For is ignored unless the peer is a trusted proxy', () => {
    const loopback = createClientIpResolver('loopback');
    assert.equal(loopback(request('127.0.0.1', '203.0.113.7')), '203.0.113.7');
    assert.equal(loopback(request('::ffff:127.0.0.1', '203.0.113.7')), '203.0.113.7');
    assert.equal(loopback(request('::1', '2001:db8::1')), '2001:db8::1');
    assert.equal(loopback(request('198.51.100.9', '203.0.113.7')), '198.51.100.9', 'not from a proxy: ignored');
    assert.equal(loopback(request('127.0.0.1')), '127.0.0.1', 'the proxy itself without the header');
    assert.equal(createClientIpResolver(false)(request('127.0.0.1', '203.0.113.7')), '127.0.0.1');
  });

  test('a client cannot pick its address by sending its own X-Forwarded-For through the proxy', () => {
    const loopback = createClientIpResolver('loopback');
    // The client wrote "1.1.1.1"; the proxy appended the real peer: the last untrusted hop is the client.
    assert.equal(loopback(request('127.0.0.1', '1.1.1.1, 203.0.113.7')), '203.0.113.7');
    assert.equal(loopback(request('127.0.0.1', '1.1.1.1, 127.0.0.1')), '1.1.1.1', 'chains of trusted proxies');
    assert.equal(createClientIpResolver(true)(request('10.0.0.1', '1.1.1.1, 203.0.113.7')), '1.1.1.1');
    assert.equal(createClientIpResolver('1')(request('10.0.0.1', '1.1.1.1, 203.0.113.7')), '203.0.113.7');
    assert.equal(createClientIpResolver('10.0.0.0/8')(request('10.1.2.3', '203.0.113.7')), '203.0.113.7');
    assert.throws(() => createClientIpResolver('not-an-ip'), /TRUST_PROXY/);
  });
});

describe('websocket upgrades of the api', () => {
  let node: RealtimeNode;
  const open: WebSocket[] = [];
  before(async () => {
    node = await startRealtimeNode({
      env: {
        FRONTEND_ORIGINS: 'https://excursio.example,http://localhost:3000',
        REALTIME_MAX_CONNECTIONS_PER_IP: '3',
        TRUST_PROXY: 'loopback',
      },
    });
  });
  after(async () => {
    for (const ws of open) ws.terminate();
    await node.close();
  });
  const closeAll = async () => {
    for (const ws of open.splice(0)) ws.close();
    await waitFor(() => node.realtime.server.connectionCount === 0);
  };

  test('accepts the frontend origins and clients without Origin; refuses other origins with 403', async () => {
    assert.equal(await handshakeStatus(node.wsUrl(), { origin: 'https://excursio.example' }), 101);
    assert.equal(await handshakeStatus(node.wsUrl(), { origin: 'HTTPS://EXCURSIO.EXAMPLE:443' }), 101);
    assert.equal(await handshakeStatus(node.wsUrl(), { origin: 'http://localhost:3000' }), 101);
    assert.equal(await handshakeStatus(node.wsUrl()), 101, 'server-side clients send no Origin');
    for (const origin of ['https://evil.example', 'https://excursio.example.evil.test', 'null', 'http://localhost:3999']) {
      assert.equal(await handshakeStatus(node.wsUrl(), { origin }), 403, origin);
    }
  });

  test('caps sockets per address (429 over it) and frees the slot when one closes', async () => {
    await closeAll();
    for (let i = 0; i < 3; i++) open.push(await openSocket(node.wsUrl()));
    assert.equal(await handshakeStatus(node.wsUrl()), 429);
    open.shift()?.close();
    await waitFor(() => node.realtime.server.connectionCount === 2);
    open.push(await openSocket(node.wsUrl()));
    assert.equal(await handshakeStatus(node.wsUrl()), 429);
    await closeAll();
  });

  test('behind the proxy (loopback) each visitor has its own cap, whatever it claims', async () => {
    const visitor = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 3; i++) open.push(await openSocket(node.wsUrl(), visitor('203.0.113.1')));
    assert.equal(await handshakeStatus(node.wsUrl(), visitor('203.0.113.1')), 429);
    assert.equal(await handshakeStatus(node.wsUrl(), visitor('1.1.1.1, 203.0.113.1')), 429, 'a forged hop is no way out');
    assert.equal(await handshakeStatus(node.wsUrl(), visitor('203.0.113.2')), 101);
    assert.equal(await handshakeStatus(node.wsUrl()), 101, 'the proxy itself has its own count');
    await closeAll();
  });

  test('without a trusted proxy X-Forwarded-For changes nothing', async () => {
    const direct = await startRealtimeNode({ env: { REALTIME_MAX_CONNECTIONS_PER_IP: '2', TRUST_PROXY: 'false' } });
    const sockets: WebSocket[] = [];
    try {
      sockets.push(await openSocket(direct.wsUrl(), { 'x-forwarded-for': '203.0.113.1' }));
      sockets.push(await openSocket(direct.wsUrl(), { 'x-forwarded-for': '203.0.113.2' }));
      assert.equal(await handshakeStatus(direct.wsUrl(), { 'x-forwarded-for': '203.0.113.3' }), 429);
    } finally {
      for (const ws of sockets) ws.terminate();
      await direct.close();
    }
  });
});
