// The client address of a websocket upgrade: X-Forwarded-For is believed only from trusted proxies, as Fastify does.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Same values as Fastify's `trustProxy` (TRUST_PROXY): true, false, a hop count, or addresses/CIDRs/named ranges. */
export type TrustProxy = boolean | number | string;

// The named ranges of proxy-addr (what Fastify understands in trustProxy).
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
const MAX_ADDRESS_LENGTH = 64;

/** `::ffff:1.2.3.4` → `1.2.3.4`, lower case, trimmed: one key per client whatever the socket family. */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase().slice(0, MAX_ADDRESS_LENGTH);
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower)?.[1] ?? lower;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' | null => {
  const kind = isIP(address);
  return kind === 4 ? 'ipv4' : kind === 6 ? 'ipv6' : null;
};

function compileTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number' || /^\d+$/.test(trust.trim())) {
    const hops = Number(trust);
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  const entries = trust.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const item of entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry])) {
    const [address = '', bits] = item.split('/');
    const family = familyOf(address);
    if (!family) throw new Error(`TRUST_PROXY: "${item}" is not an IP address, a CIDR range or a named range`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const family = familyOf(address);
    return family !== null && list.check(address, family);
  };
}

/**
 * proxy-addr's rule: walk from the socket's peer back through X-Forwarded-For and stop at the first address that
 * is not a trusted proxy; that one is the client.
 */
export function createClientIpResolver(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusted = compileTrust(trust);
  return (req) => {
    const peer = normalizeAddress(req.socket.remoteAddress ?? '');
    const header = req.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map(normalizeAddress)
      .filter(Boolean)
      .reverse();
    const chain = [peer, ...forwarded];
    for (let hop = 0; hop < chain.length - 1; hop++) {
      if (!trusted(chain[hop] ?? '', hop)) return chain[hop] ?? peer;
    }
    return chain[chain.length - 1] ?? peer;
  };
}
