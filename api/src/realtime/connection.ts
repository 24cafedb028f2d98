// One socket's side of the protocol: ping, subscribe (private channels checked), unsubscribe, client events refused.
import { WebSocket, type RawData } from 'ws';
import {
  ErrorCode,
  type RealtimeLogger,
  errorFrame,
  frame,
  isPresenceChannel,
  isPrivateChannel,
  isValidChannelName,
  parseIncoming,
  verifyChannelAuth,
} from './protocol';

export interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastActivity: number;
  pingSentAt: number | null;
}

export interface ConnectionHandlerOptions {
  appKey: string;
  appSecret: string;
  maxChannels: number;
  logger: RealtimeLogger;
  /** The server's channel membership: called once per new subscription / per dropped one. */
  join(conn: Connection, channel: string): void;
  leave(conn: Connection, channel: string): void;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;

function rawToString(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

/** Sends unless the socket is closing; a client that stopped reading (1 MB queued) is dropped. */
export function sendTo(conn: Connection, text: string, logger: RealtimeLogger): void {
  if (conn.ws.readyState !== WebSocket.OPEN) return;
  if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    logger.warn(`realtime: dropping slow connection ${conn.socketId}`);
    conn.ws.terminate();
    return;
  }
  conn.ws.send(text);
}

export function createConnectionHandler(options: ConnectionHandlerOptions) {
  const { appKey, appSecret, maxChannels, logger } = options;
  const send = (conn: Connection, text: string): void => sendTo(conn, text, logger);

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
      options.join(conn, channel);
    }
    send(conn, frame('pusher_internal:subscription_succeeded', {}, channel));
  };

  const unsubscribe = (conn: Connection, channel: string): void => {
    if (conn.channels.delete(channel)) options.leave(conn, channel);
  };

  return {
    send,
    unsubscribe,
    onMessage(conn: Connection, raw: RawData): void {
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
    },
  };
}
