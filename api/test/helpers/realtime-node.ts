// Test-only: realtime wired the way the api wires it (createRealtime + installRealtime) on a bare Fastify, no database.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import { loadConfig, type Env } from '../../src/config';
import type { RealtimeBus } from '../../src/realtime/bus';
import { createRealtime, installRealtime, type Realtime } from '../../src/realtime/install';
import { signChannel } from '../../src/realtime/protocol';
import { createRealtimeServer } from '../../src/realtime/server';

export const NODE_APP = { appId: '1001', key: 'test-key', secret: 'test-secret-for-realtime-tests' };
const WS_QUERY = 'protocol=7&client=js&version=8.6.0&flash=false';

/** Bearer tokens of the fake sign-in: two devices of user 1 and one of user 2. */
export const TOKENS: Record<string, number> = { good: 1, 'good-phone': 1, other: 2 };

export interface RealtimeNode {
  app: FastifyInstance;
  realtime: Realtime;
  port: number;
  baseUrl: string;
  wsUrl(key?: string): string;
  /** POSTs to the channel auth endpoint with this bearer token. */
  authorize(token: string, socketId: string, channel: string): Promise<Response>;
  /** `key:hmac` made with the node's secret directly (no auth request). */
  sign(socketId: string, channel: string): string;
  close(): Promise<void>;
}

export interface RealtimeNodeOptions {
  /** Environment on top of APP_ENV=test and the NODE_APP credentials. */
  env?: Env;
  /** A bus to give the server (the in-memory hub); REDIS_URL in env makes the real Redis bus instead. */
  bus?: RealtimeBus;
}

export async function startRealtimeNode(options: RealtimeNodeOptions = {}): Promise<RealtimeNode> {
  const config = loadConfig({
    APP_ENV: 'test',
    REALTIME_APP_ID: NODE_APP.appId,
    REALTIME_APP_KEY: NODE_APP.key,
    REALTIME_APP_SECRET: NODE_APP.secret,
    ...options.env,
  });
  const app = Fastify({ logger: false, trustProxy: config.trustProxy });
  const injected = options.bus
    ? createRealtimeServer({
        appId: config.realtime.appId,
        appKey: config.realtime.key,
        appSecret: config.realtime.secret,
        allowedOrigins: config.frontendOrigins,
        maxConnectionsPerIp: config.realtimeMaxConnectionsPerIp,
        trustProxy: config.trustProxy,
        bus: options.bus,
      })
    : undefined;
  const realtime = createRealtime({ config, logger: app.log, server: injected });
  const tokenOf = (request: FastifyRequest): string | null =>
    /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
  installRealtime(app, realtime, {
    authenticate: async (request) => {
      const id = TOKENS[tokenOf(request) ?? ''];
      return id === undefined ? null : { id };
    },
    tokenOf,
  });
  if (options.bus) app.addHook('preClose', async () => options.bus?.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    realtime,
    port: address.port,
    baseUrl,
    wsUrl: (key = config.realtime.key) => `ws://127.0.0.1:${address.port}/app/${key}?${WS_QUERY}`,
    authorize: (token, socketId, channel) =>
      fetch(`${baseUrl}/socket/broadcasting/auth`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
      }),
    sign: (socketId, channel) => signChannel(config.realtime.key, config.realtime.secret, socketId, channel),
    close: () => app.close(),
  };
}

/** The HTTP status of a websocket handshake with these headers: 101 when it opened (then closed again). */
export function handshakeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.on('error', (error) => reject(error));
  });
}

/** Opens a socket with these headers and keeps it open; resolves once the handshake succeeded. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The close code of a test client's socket; fails instead of hanging when it stays open. */
export function closeCode(client: { closed: Promise<{ code: number }> }, timeoutMs = 3000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket is still open after ${timeoutMs} ms`)), timeoutMs);
    void client.closed.then(({ code }) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
