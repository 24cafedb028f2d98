// Built-in Pusher protocol 7 websocket server (the local default; Soketi / Reverb / Pusher Channels by config).
import type { IncomingMessage as HttpRequest, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  type Broadcaster,
  ErrorCode,
  MAX_EVENT_NAME_LENGTH,
  type RealtimeLogger,
  errorFrame,
  frame,
  generateSocketId,
  isPresenceChannel,
  isPrivateChannel,
  isValidChannelName,
  isValidSocketId,
  parseIncoming,
  signChannel,
  verifyChannelAuth,
} from './protocol';

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
  logger?: RealtimeLogger;
}

export interface RealtimeServer extends Broadcaster {
  /** Handles an HTTP upgrade: `/app/<appKey>` becomes a Pusher connection, any other path gets a 404. */
  handleUpgrade(req: HttpRequest, socket: Duplex, head: Buffer): void;
  /** Listens for upgrades on an HTTP server (e.g. Fastify's `app.server`). */
  attach(httpServer: HttpServer): void;
  /** `{ auth: key + ':' + hex HMAC-SHA256(secret, socket_id + ':' + channel) }`; throws on malformed input. */
  authorizeChannel(socketId: string, channelName: string): { auth: string };
  /** Closes every connection (code 4200 so clients reconnect to the next instance) and detaches. */
  close(): Promise<void>;
  readonly connectionCount: number;
  /** Channels with at least one subscriber. */
  readonly channelCount: number;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastActivity: number;
  pingSentAt: number | null;
}

const APP_PATH = /^\/app\/([^/]+)\/?$/;
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);
const MAX_PAYLOAD_BYTES = 64 * 1024;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CLOSE_GRACE_MS = 1000;
const silentLogger: RealtimeLogger = { info: () => undefined, warn: () => undefined };

function rawToString(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

function rejectUpgrade(socket: Duplex, status: 404 | 503): void {
  const body = JSON.stringify({ message: status === 404 ? 'Not Found.' : 'Service Unavailable.' });
  const reason = status === 404 ? 'Not Found' : 'Service Unavailable';
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
  let closing: Promise<void> | null = null;

  const send = (conn: Connection, text: string): void => {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      logger.warn(`realtime: dropping slow connection ${conn.socketId}`);
      conn.ws.terminate();
      return;
    }
    conn.ws.send(text);
  };

  // pusher:error for the connection, plus a channel-scoped error so laravel-echo's `.error()` callback fires.
  const refuseSubscription = (conn: Connection, channel: string, code: number, message: string): void => {
    const type = code === ErrorCode.Unauthorized ? 'AuthError' : 'LimitReached';
    const status = code === ErrorCode.Unauthorized ? 401 : 429;
    send(conn, errorFrame(code, message));
    send(conn, frame('pusher:subscription_error', { type, error: message, status }, channel));
  };

  const subscribe = (conn: Connection, data: Record<string, unknown>): void => {
    const channel = data.channel;
    if (!isValidChannelName(channel)) {
      send(conn, errorFrame(ErrorCode.Reconnect, 'Invalid channel name.'));
      return;
    }
    if (isPresenceChannel(channel)) {
      refuseSubscription(conn, channel, ErrorCode.Unauthorized, 'Presence channels are not supported.');
      return;
    }
    if (isPrivateChannel(channel) && !verifyChannelAuth(appKey, appSecret, conn.socketId, channel, data.auth)) {
      refuseSubscription(conn, channel, ErrorCode.Unauthorized, 'Connection is unauthorized.');
      return;
    }
    if (!conn.channels.has(channel)) {
      if (conn.channels.size >= maxChannels) {
        refuseSubscription(conn, channel, ErrorCode.Refused, 'Too many channels on one connection.');
        return;
      }
      conn.channels.add(channel);
      let members = channels.get(channel);
      if (!members) {
        members = new Set();
        channels.set(channel, members);
      }
      members.add(conn);
    }
    send(conn, frame('pusher_internal:subscription_succeeded', {}, channel));
  };

  const unsubscribe = (conn: Connection, channel: string): void => {
    if (!conn.channels.delete(channel)) return;
    const members = channels.get(channel);
    members?.delete(conn);
    if (members && members.size === 0) channels.delete(channel);
  };

  const onMessage = (conn: Connection, raw: RawData): void => {
    conn.lastActivity = Date.now();
    conn.pingSentAt = null;
    const message = parseIncoming(rawToString(raw));
    if (!message) {
      send(conn, errorFrame(ErrorCode.Reconnect, 'Invalid message format.'));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        send(conn, frame('pusher:pong', {}));
        return;
      case 'pusher:subscribe':
        subscribe(conn, message.data);
        return;
      case 'pusher:unsubscribe':
        if (typeof message.data.channel === 'string') unsubscribe(conn, message.data.channel);
        return;
      default:
        if (message.event.startsWith('client-')) {
          send(conn, errorFrame(ErrorCode.ClientEventRejected, 'Client events are not enabled.', message.channel));
        }
      // pusher:pong only refreshes activity; other events from clients are ignored, as Pusher does.
    }
  };

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
    ws.on('message', (raw) => onMessage(conn, raw));
    ws.on('close', () => {
      for (const channel of [...conn.channels]) unsubscribe(conn, channel);
      connections.delete(socketId);
    });
    send(conn, frame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeout }));
  };

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
    async publish(channel, event, data) {
      if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
      if (event.length === 0 || event.length > MAX_EVENT_NAME_LENGTH) throw new TypeError('Invalid event name');
      const members = channels.get(channel);
      if (!members || members.size === 0) return;
      const text = frame(event, data, channel);
      for (const conn of [...members]) send(conn, text);
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
    get connectionCount() {
      return connections.size;
    },
    get channelCount() {
      return channels.size;
    },
  };
}
