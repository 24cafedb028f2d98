// Test-only helpers: a bare Fastify app with the realtime server attached, and a raw websocket client.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import { registerRealtimeRoutes } from '../../src/realtime/routes';
import { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '../../src/realtime/server';

export const APP = { appId: '1001', appKey: 'test-key', appSecret: 'test-secret' };

/** Token 'good' is user 1, token 'other' is user 2, anything else is nobody. */
export async function fakeAuthenticate(request: FastifyRequest): Promise<{ id: number } | null> {
  const header = request.headers.authorization;
  if (header === 'Bearer good') return { id: 1 };
  if (header === 'Bearer other') return { id: 2 };
  return null;
}

export interface TestApp {
  app: FastifyInstance;
  server: RealtimeServer;
  port: number;
  baseUrl: string;
  wsUrl(key?: string, query?: string): string;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<RealtimeServerOptions> = {}): Promise<TestApp> {
  // Wired the way src/app.ts does it.
  const app = Fastify({ logger: false });
  const server = createRealtimeServer({ ...APP, ...overrides, logger: app.log });
  registerRealtimeRoutes(app, { server, authenticate: fakeAuthenticate });
  app.addHook('preClose', async () => {
    await server.close();
  });
  await app.ready();
  server.attach(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const port = address.port;
  return {
    app,
    server,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: (key = APP.appKey, query = 'protocol=7&client=js&version=8.6.0&flash=false') =>
      `ws://127.0.0.1:${port}/app/${key}?${query}`,
    close: () => app.close(),
  };
}

export interface WireMessage {
  event: string;
  channel?: string;
  /** The raw `data` field as it was on the wire. */
  rawData: unknown;
  /** `data` decoded from its JSON string. */
  data: unknown;
}

export interface TestClient {
  ws: WebSocket;
  /** Resolves with the next message matching `filter` (buffered messages included). */
  next(filter?: (m: WireMessage) => boolean, timeoutMs?: number): Promise<WireMessage>;
  /** Resolves with true when no message matching `filter` arrives within `ms`. */
  silentFor(ms: number, filter?: (m: WireMessage) => boolean): Promise<boolean>;
  send(message: unknown): void;
  sendRaw(text: string): void;
  closed: Promise<{ code: number; reason: string }>;
}

export function connectRaw(url: string): TestClient {
  const ws = new WebSocket(url);
  const buffer: WireMessage[] = [];
  const waiters: Array<{ filter: (m: WireMessage) => boolean; resolve: (m: WireMessage) => void }> = [];
  ws.on('message', (raw) => {
    const parsed = JSON.parse(String(raw)) as { event: string; channel?: string; data: unknown };
    const message: WireMessage = {
      event: parsed.event,
      rawData: parsed.data,
      data: typeof parsed.data === 'string' ? JSON.parse(parsed.data) : parsed.data,
    };
    if (parsed.channel !== undefined) message.channel = parsed.channel;
    const index = waiters.findIndex((w) => w.filter(message));
    if (index >= 0) waiters.splice(index, 1)[0]?.resolve(message);
    else buffer.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('error', () => undefined);
  const take = (filter: (m: WireMessage) => boolean): WireMessage | undefined => {
    const index = buffer.findIndex(filter);
    return index >= 0 ? buffer.splice(index, 1)[0] : undefined;
  };
  const whenOpen = (fn: () => void): void => {
    if (ws.readyState === WebSocket.OPEN) fn();
    else ws.once('open', fn);
  };
  return {
    ws,
    closed,
    next(filter = () => true, timeoutMs = 3000) {
      const buffered = take(filter);
      if (buffered) return Promise.resolve(buffered);
      return new Promise((resolve, reject) => {
        const waiter = {
          filter,
          resolve: (m: WireMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async silentFor(ms, filter = () => true) {
      try {
        await this.next(filter, ms);
        return false;
      } catch {
        return true;
      }
    },
    send: (message) => whenOpen(() => ws.send(JSON.stringify(message))),
    sendRaw: (text) => whenOpen(() => ws.send(text)),
  };
}

/** Opens a client and waits for its socket id. */
export async function connectEstablished(url: string): Promise<{ client: TestClient; socketId: string }> {
  const client = connectRaw(url);
  const established = await client.next((m) => m.event === 'pusher:connection_established');
  return { client, socketId: (established.data as { socket_id: string }).socket_id };
}

export const byEvent =
  (event: string) =>
  (m: WireMessage): boolean =>
    m.event === event;

/** Polls until `condition` holds (server-side close handling lags the client's close event slightly). */
export async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
