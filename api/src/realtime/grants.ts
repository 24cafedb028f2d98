// Which token and user authorised each local socket's private channels, so a revoked token closes those sockets.
import type { ChannelGrant } from './bus';

/** A socket asking for more signatures than this keeps only the latest (the auth endpoint limits channels anyway). */
const MAX_GRANTS_PER_SOCKET = 100;

export interface GrantFilter {
  token?: string | undefined;
  userId?: string | undefined;
}

export interface GrantRegistry {
  add(socketId: string, channel: string, grant: ChannelGrant): void;
  forget(socketId: string): void;
  /** Local socket ids holding a grant of that token or of that user. */
  matching(filter: GrantFilter): string[];
  readonly size: number;
}

export function createGrantRegistry(): GrantRegistry {
  // A signature stays valid for the socket's whole life, so what matters is the grant, subscribed or not yet.
  const bySocket = new Map<string, Map<string, ChannelGrant>>();
  const matches = (grant: ChannelGrant, filter: GrantFilter): boolean =>
    (filter.token !== undefined && grant.token === filter.token) ||
    (filter.userId !== undefined && grant.userId === filter.userId);

  return {
    add(socketId, channel, grant) {
      if (grant.token === undefined && grant.userId === undefined) return;
      let grants = bySocket.get(socketId);
      if (!grants) {
        grants = new Map();
        bySocket.set(socketId, grants);
      }
      grants.delete(channel);
      grants.set(channel, { ...grant });
      if (grants.size > MAX_GRANTS_PER_SOCKET) grants.delete(grants.keys().next().value as string);
    },
    forget(socketId) {
      bySocket.delete(socketId);
    },
    matching(filter) {
      const found: string[] = [];
      for (const [socketId, grants] of bySocket) {
        for (const grant of grants.values()) {
          if (matches(grant, filter)) {
            found.push(socketId);
            break;
          }
        }
      }
      return found;
    },
    get size() {
      return bySocket.size;
    },
  };
}
