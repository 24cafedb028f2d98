// Who may open a socket: the page's Origin must be one of ours, and one address holds a bounded number of sockets.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createClientIpResolver, type TrustProxy } from './client-ip';

export interface UpgradeGuardOptions {
  /** Origins allowed to open a socket; a request without Origin (a server-side client) always may. Default: any. */
  allowedOrigins?: readonly string[] | undefined;
  /** Sockets (handshakes included) one client address may hold; 0 or absent: no cap. */
  maxConnectionsPerIp?: number | undefined;
  /** Which proxies' X-Forwarded-For names the client (Fastify's trustProxy values). Default: none. */
  trustProxy?: TrustProxy | undefined;
}

export type UpgradeVerdict = { ok: true; ip: string } | { ok: false; status: 403 | 429; message: string };

export interface UpgradeGuard {
  check(req: IncomingMessage): UpgradeVerdict;
  /** Counts the socket against its address until the socket closes, whatever ends it. */
  track(ip: string, socket: Duplex): void;
  openFrom(ip: string): number;
}

/** `https://Example.com:443/` → `https://example.com`; anything unparsable stays as given (and matches nothing). */
function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin.trim();
  }
}

export function createUpgradeGuard(options: UpgradeGuardOptions): UpgradeGuard {
  const origins = options.allowedOrigins ? new Set(options.allowedOrigins.map(normalizeOrigin)) : null;
  const limit = options.maxConnectionsPerIp ?? 0;
  const clientIp = createClientIpResolver(options.trustProxy ?? false);
  const open = new Map<string, number>();

  return {
    check(req) {
      const origin = req.headers.origin;
      // Browsers always send Origin on a websocket handshake: a page of another site is refused here.
      if (origins && typeof origin === 'string' && !origins.has(normalizeOrigin(origin))) {
        return { ok: false, status: 403, message: 'Origin not allowed.' };
      }
      const ip = clientIp(req);
      if (limit > 0 && (open.get(ip) ?? 0) >= limit) {
        return { ok: false, status: 429, message: 'Too many connections from this address.' };
      }
      return { ok: true, ip };
    },
    track(ip, socket) {
      open.set(ip, (open.get(ip) ?? 0) + 1);
      socket.once('close', () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left > 0) open.set(ip, left);
        else open.delete(ip);
      });
    },
    openFrom: (ip) => open.get(ip) ?? 0,
  };
}
