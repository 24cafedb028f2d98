// Built-in Pusher protocol 7 websocket server (the local default; Soketi / Reverb / Pusher Channels by config).
import type { IncomingMessage as HttpRequest, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { BusMessage, ChannelGrant, RealtimeBus } from './bus';
import type { TrustProxy } from './client-ip';
import { createConnectionHandler, type Connection } from './connection';
import { createGrantRegistry, type GrantFilter } from './grants';
import {
  type Broadcaster,
  ErrorCode,
  MAX_EVENT_NAME_LENGTH,
  type RealtimeLogger,
  errorFrame,
  frame,
  generateSocketId,
  isValidChannelName,
  isValidSocketId,
  encodeEventData,
  signChannel,
} from './protocol';
import { createUpgradeGuard } from './upgrade-guard';

export interface RealtimeServerOptions {
  appKey: string;
  appSecret: string;
  appId: string;
  /** Seconds of client silence before the server pings it; advertised to clients. Default 120. */
  activityTimeout?: number;
  /** Seconds to wait for any reply to a server ping before closing with 4201. Default 30. */
  pongTimeout?: number;
  /** Subscriptions one connection may hold. Default 100. */
  maxChannelsPerConnection?: number;
  /** Origins allowed to open a socket (FRONTEND_ORIGINS); requests without Origin always may. Default: any. */
  allowedOrigins?: readonly string[];
  /** Sockets per client address (REALTIME_MAX_CONNECTIONS_PER_IP); over it the upgrade gets 429. Default: no cap. */
  maxConnectionsPerIp?: number;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY). Default: nobody's. */
  trustProxy?: TrustProxy;
  /** Shares events, grants and revocations with the other api processes (REDIS_URL). */
  bus?: RealtimeBus;
  logger?: RealtimeLogger;
}

export interface PublishOptions {
  /** This connection does not get the event (the Pusher HTTP API's `socket_id`: the sender's own tab). */
  exceptSocketId?: string | undefined;
}

export interface RealtimeServer extends Broadcaster {
  /** Handles an HTTP upgrade: `/app/<appKey>` becomes a Pusher connection, any other path gets a 404. */
  handleUpgrade(req: HttpRequest, socket: Duplex, head: Buffer): void;
  /** Listens for upgrades on an HTTP server (e.g. Fastify's `app.server`). */
  attach(httpServer: HttpServer): void;
  /** `{ auth: key + ':' + hex HMAC-SHA256(secret, socket_id + ':' + channel) }`; throws on malformed input. */
  authorizeChannel(socketId: string, channelName: string): { auth: string };
  /** Remembers who authorised a socket's channel (the process holding that socket learns it over the bus). */
  recordGrant(socketId: string, channelName: string, grant: ChannelGrant): Promise<void>;
  /** To one channel or several; with a bus, the other processes deliver to their own sockets. */
  publish(channels: string | readonly string[], event: string, data: unknown, options?: PublishOptions): Promise<void>;
  /** Closes (4009) every socket, in every process, whose channels this token authorised: call it on sign-out. */
  revokeToken(token: string | number): Promise<void>;
  /** Closes (4009) every socket whose channels were authorised for this user (account blocked or deleted). */
  disconnectUser(userId: string | number): Promise<void>;
  /** Closes every connection (code 4200 so clients reconnect to the next instance) and detaches. */
  close(): Promise<void>;
  /** Who this server is (the HTTP API checks requests against them). */
  readonly credentials: { readonly appId: string; readonly key: string; readonly secret: string };
  readonly connectionCount: number;
  /** Events written to this process's sockets since it started (the metrics' realtime deliveries). */
  readonly deliveryCount: number;
  /** Channels with at least one subscriber. */
  readonly channelCount: number;
}

const APP_PATH = /^\/app\/([^/]+)\/?$/;
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);
const MAX_PAYLOAD_BYTES = 64 * 1024;
const CLOSE_GRACE_MS = 1000;
const silentLogger: RealtimeLogger = { info: () => undefined, warn: () => undefined };

const REASONS = { 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests', 503: 'Service Unavailable' } as const;

function rejectUpgrade(socket: Duplex, status: keyof typeof REASONS, message = `${REASONS[status]}.`): void {
  const body = JSON.stringify({ message });
  const reason = REASONS[status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function createRealtimeServer(options: RealtimeServerOptions): RealtimeServer {
  const { appKey, appSecret } = options;
  const logger = options.logger ?? silentLogger;
  const activityTimeout = options.activityTimeout ?? 120;
  const activityMs = activityTimeout * 1000;
  const pongMs = (options.pongTimeout ?? 30) * 1000;
  const maxChannels = options.maxChannelsPerConnection ?? 100;

  const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_PAYLOAD_BYTES });
  const connections = new Map<string, Connection>();
  const channels = new Map<string, Set<Connection>>();
  const attached = new Set<HttpServer>();
  const guard = createUpgradeGuard(options);
  const grants = createGrantRegistry();
  const bus = options.bus;
  let closing: Promise<void> | null = null;

  const join = (conn: Connection, channel: string): void => {
    let members = channels.get(channel);
    if (!members) {
      members = new Set();
      channels.set(channel, members);
    }
    members.add(conn);
  };
  const leave = (conn: Connection, channel: string): void => {
    const members = channels.get(channel);
    members?.delete(conn);
    if (members && members.size === 0) channels.delete(channel);
  };
  const handler = createConnectionHandler({ appKey, appSecret, maxChannels, logger, join, leave });
  const send = handler.send;

  const onConnection = (ws: WebSocket, key: string, protocol: string | null): void => {
    if (closing) {
      ws.terminate();
      return;
    }
    ws.on('error', (err) => logger.warn(`realtime: socket error: ${err.message}`));
    if (key !== appKey) {
      ws.send(errorFrame(ErrorCode.AppNotFound, 'Application does not exist.'));
      ws.close(ErrorCode.AppNotFound, 'Application does not exist');
      return;
    }
    if (protocol !== null && !SUPPORTED_PROTOCOLS.has(protocol)) {
      ws.send(errorFrame(ErrorCode.UnsupportedProtocol, 'Unsupported protocol version.'));
      ws.close(ErrorCode.UnsupportedProtocol, 'Unsupported protocol version');
      return;
    }
    let socketId = generateSocketId();
    while (connections.has(socketId)) socketId = generateSocketId();
    const conn: Connection = { socketId, ws, channels: new Set(), lastActivity: Date.now(), pingSentAt: null };
    connections.set(socketId, conn);
    ws.on('message', (raw) => handler.onMessage(conn, raw));
    ws.on('close', () => {
      for (const channel of [...conn.channels]) handler.unsubscribe(conn, channel);
      connections.delete(socketId);
      grants.forget(socketId);
    });
    send(conn, frame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeout }));
  };

  let deliveries = 0;
  const deliver = (channelNames: readonly string[], event: string, data: string, except?: string): void => {
    for (const channel of channelNames) {
      const members = channels.get(channel);
      if (!members || members.size === 0) continue;
      const text = frame(event, data, channel);
      for (const conn of [...members]) {
        if (conn.socketId === except) continue;
        send(conn, text);
        deliveries += 1;
      }
    }
  };

  // 4009 is in pusher-js's "refused" range: the page does not reconnect with the dead token, it builds a new client.
  const closeGranted = (filter: GrantFilter): void => {
    for (const socketId of grants.matching(filter)) {
      const conn = connections.get(socketId);
      if (!conn) continue;
      send(conn, errorFrame(ErrorCode.Unauthorized, 'The session has ended.'));
      conn.ws.close(ErrorCode.Unauthorized, 'Unauthorized');
    }
  };

  // The bus never throws at the caller: this process has delivered already, and clients catch up on reconnect.
  const toBus = async (message: BusMessage): Promise<void> => {
    if (!bus) return;
    try {
      await bus.publish(message);
    } catch (error) {
      logger.warn(`realtime: bus publish failed: ${(error as Error).message}`);
    }
  };

  bus?.onMessage((message) => {
    if (message.type === 'event') deliver(message.channels, message.event, message.data, message.except);
    else if (message.type === 'revoke') closeGranted({ token: message.token, userId: message.userId });
    else if (connections.has(message.socketId)) grants.add(message.socketId, message.channel, message.grant);
  });

  const sweep = (): void => {
    const now = Date.now();
    for (const conn of connections.values()) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt >= pongMs) conn.ws.close(ErrorCode.PongTimeout, 'Pong reply not received');
      } else if (now - conn.lastActivity >= activityMs) {
        conn.pingSentAt = now;
        send(conn, frame('pusher:ping', {}));
      }
    }
  };
  const sweepTimer = setInterval(sweep, Math.max(50, Math.min(5000, Math.min(activityMs, pongMs) / 4)));
  sweepTimer.unref();

  const handleUpgrade = (req: HttpRequest, socket: Duplex, head: Buffer): void => {
    // Node drops its own error listener on upgrade; a reset before the handshake must not crash the process.
    const onEarlyError = (): void => undefined;
    socket.on('error', onEarlyError);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = APP_PATH.exec(url.pathname);
    if (!match?.[1]) return rejectUpgrade(socket, 404);
    if (closing) return rejectUpgrade(socket, 503);
    let key: string;
    try {
      key = decodeURIComponent(match[1]);
    } catch {
      return rejectUpgrade(socket, 404);
    }
    const verdict = guard.check(req);
    if (!verdict.ok) return rejectUpgrade(socket, verdict.status, verdict.message);
    guard.track(verdict.ip, socket);
    const protocol = url.searchParams.get('protocol');
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off('error', onEarlyError);
      onConnection(ws, key, protocol);
    });
  };

  const onUpgrade = (req: HttpRequest, socket: Duplex, head: Buffer): void => handleUpgrade(req, socket, head);

  return {
    handleUpgrade,
    attach(httpServer) {
      if (attached.has(httpServer)) return;
      attached.add(httpServer);
      httpServer.on('upgrade', onUpgrade);
      logger.info(`realtime: Pusher protocol 7 server on /app/${appKey}`);
    },
    authorizeChannel(socketId, channelName) {
      if (!isValidSocketId(socketId)) throw new TypeError('Invalid socket id');
      if (!isValidChannelName(channelName)) throw new TypeError('Invalid channel name');
      return { auth: signChannel(appKey, appSecret, socketId, channelName) };
    },
    async recordGrant(socketId, channelName, grant) {
      if (connections.has(socketId)) grants.add(socketId, channelName, grant);
      else await toBus({ type: 'grant', socketId, channel: channelName, grant });
    },
    async publish(target, event, data, publishOptions = {}) {
      const list = typeof target === 'string' ? [target] : [...target];
      for (const channel of list) {
        if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
      }
      if (event.length === 0 || event.length > MAX_EVENT_NAME_LENGTH) throw new TypeError('Invalid event name');
      const except = publishOptions.exceptSocketId;
      const encoded = encodeEventData(data);
      deliver(list, event, encoded, except);
      await toBus({ type: 'event', channels: list, event, data: encoded, ...(except ? { except } : {}) });
    },
    async revokeToken(token) {
      closeGranted({ token: String(token) });
      await toBus({ type: 'revoke', token: String(token) });
    },
    async disconnectUser(userId) {
      closeGranted({ userId: String(userId) });
      await toBus({ type: 'revoke', userId: String(userId) });
    },
    close() {
      if (closing) return closing;
      clearInterval(sweepTimer);
      for (const httpServer of attached) httpServer.off('upgrade', onUpgrade);
      attached.clear();
      const open = [...connections.values()];
      closing = (async () => {
        const closed = open.map(
          ({ ws }) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once('close', () => resolve());
              ws.close(ErrorCode.Reconnect, 'Server shutting down');
            }),
        );
        const killer = setTimeout(() => open.forEach(({ ws }) => ws.terminate()), CLOSE_GRACE_MS);
        await Promise.all(closed);
        clearTimeout(killer);
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closing;
    },
    credentials: Object.freeze({ appId: options.appId, key: appKey, secret: appSecret }),
    get connectionCount() {
      return connections.size;
    },
    get deliveryCount() {
      return deliveries;
    },
    get channelCount() {
      return channels.size;
    },
  };
}
