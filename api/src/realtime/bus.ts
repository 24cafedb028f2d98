// What api processes tell each other so that any of them can serve any socket (REDIS_URL scale-out).
import { isValidChannelName, isValidSocketId, MAX_EVENT_NAME_LENGTH } from './protocol';

/** Who authorised a private subscription at the auth endpoint (both optional: other signers may know neither). */
export interface ChannelGrant {
  /** A key of the bearer token (its id, never the token itself): signing out closes exactly that session. */
  token?: string;
  userId?: string;
}

export type BusMessage =
  /** An event to deliver to the local subscribers of these channels; `data` is already the wire string. */
  | { type: 'event'; channels: string[]; event: string; data: string; except?: string }
  /** The auth endpoint of one process signed a subscription for a socket that may live in another. */
  | { type: 'grant'; socketId: string; channel: string; grant: ChannelGrant }
  /** Close the sockets authorised by this token / this user. */
  | { type: 'revoke'; token?: string; userId?: string };

export interface RealtimeBus {
  /** Sends to the other processes (never delivered back to this one). */
  publish(message: BusMessage): Promise<void>;
  /** One handler: messages published by the other processes. */
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

const MAX_KEY_LENGTH = 128;
const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_KEY_LENGTH;
const optionalKey = (value: unknown): boolean => value === undefined || isKey(value);

/** Checks a message that came over the wire (another process, or anything else that can write to Redis). */
export function parseBusMessage(value: unknown): BusMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'event':
      if (!Array.isArray(m.channels) || !m.channels.every(isValidChannelName)) return null;
      if (typeof m.event !== 'string' || m.event.length === 0 || m.event.length > MAX_EVENT_NAME_LENGTH) return null;
      if (typeof m.data !== 'string' || (m.except !== undefined && !isValidSocketId(m.except))) return null;
      return m as BusMessage;
    case 'grant': {
      const grant = m.grant as Record<string, unknown> | null;
      if (!isValidSocketId(m.socketId) || !isValidChannelName(m.channel)) return null;
      if (typeof grant !== 'object' || grant === null || !optionalKey(grant.token) || !optionalKey(grant.userId)) {
        return null;
      }
      return m as BusMessage;
    }
    case 'revoke':
      if (!optionalKey(m.token) || !optionalKey(m.userId) || (m.token === undefined && m.userId === undefined)) {
        return null;
      }
      return m as BusMessage;
    default:
      return null;
  }
}
