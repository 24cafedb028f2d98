// Pusher protocol 7 primitives shared by the websocket server, the auth route and the HTTP broadcaster.
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Anything that can deliver an event to the subscribers of a channel. */
export interface Broadcaster {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /** Closes the sockets this token authorised (sign-out); absent where the server cannot (an external one). */
  revokeToken?(token: string | number): Promise<void>;
}

export interface RealtimeLogger {
  info(msg: string): void;
  warn(msg: string): void;
}

/** Error codes used on the wire (Pusher Channels protocol, "Error codes"). */
export const ErrorCode = {
  /** Application does not exist (wrong key). Client must not reconnect. */
  AppNotFound: 4001,
  /** Unsupported protocol version. */
  UnsupportedProtocol: 4007,
  /** Connection is unauthorized (bad private-channel signature). */
  Unauthorized: 4009,
  /** Generic "reconnect immediately"; also used for malformed frames. */
  Reconnect: 4200,
  /** Pong reply not received after a server ping. */
  PongTimeout: 4201,
  /** Generic refusal (limits). */
  Refused: 4300,
  /** Client event rejected. */
  ClientEventRejected: 4301,
} as const;

export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
/** Characters and length Pusher allows in a channel name. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;
export const MAX_CHANNEL_NAME_LENGTH = 164;
export const MAX_EVENT_NAME_LENGTH = 200;

export function isValidSocketId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && SOCKET_ID_PATTERN.test(value);
}

export function isValidChannelName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_CHANNEL_NAME_LENGTH &&
    CHANNEL_NAME_PATTERN.test(value)
  );
}

export function isPrivateChannel(channel: string): boolean {
  return channel.startsWith('private-');
}

export function isPresenceChannel(channel: string): boolean {
  return channel.startsWith('presence-');
}

/** `<n>.<n>` with two random integers, like Pusher/Reverb socket ids. */
export function generateSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}

export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function md5Hex(payload: string): string {
  return createHash('md5').update(payload).digest('hex');
}

/** The `auth` value a client sends when subscribing to a private channel. */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmacSha256Hex(secret, `${socketId}:${channel}`)}`;
}

/** Constant-time comparison of strings of any length (both sides are hashed to a fixed size first). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function verifyChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  if (typeof auth !== 'string' || auth.length > 512) return false;
  return safeEqual(auth, signChannel(key, secret, socketId, channel));
}

/** Pusher/Laravel convention: strings are sent as they are, everything else as JSON. */
export function encodeEventData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data ?? null);
}

export interface OutgoingMessage {
  event: string;
  channel?: string;
  /** Always a JSON string on the wire. */
  data: string;
}

export function frame(event: string, data: unknown, channel?: string): string {
  const message: OutgoingMessage = { event, data: encodeEventData(data) };
  if (channel !== undefined) message.channel = channel;
  return JSON.stringify(message);
}

export function errorFrame(code: number, message: string, channel?: string): string {
  return frame('pusher:error', { code, message }, channel);
}

export interface IncomingMessage {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

/**
 * Parses a client frame. `data` may arrive as an object (pusher-js) or as a JSON string (other clients);
 * returns null when the frame is not a Pusher message at all.
 */
export function parseIncoming(raw: string): IncomingMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  if (typeof record.event !== 'string' || record.event.length === 0) return null;
  let data: unknown = record.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = {};
    }
  }
  const message: IncomingMessage = {
    event: record.event,
    data: typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
  };
  if (typeof record.channel === 'string') message.channel = record.channel;
  return message;
}
