import { BlockList, isIP } from 'node:net';

/** The addresses ЮKassa sends its notifications from (yookassa.ru/developers/using-api/webhooks). */
export const YOOKASSA_SENDERS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

const senders = new BlockList();
for (const range of YOOKASSA_SENDERS) {
  const [address, prefix] = range.split('/') as [string, string | undefined];
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (prefix === undefined) senders.addAddress(address, type);
  else senders.addSubnet(address, Number(prefix), type);
}

/** Whether a client address (as Fastify resolved it, behind TRUST_PROXY) is one of ЮKassa's. */
export function isYookassaSender(ip: string): boolean {
  // an IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const type = isIP(address);
  if (type === 0) return false;
  return senders.check(address, type === 6 ? 'ipv6' : 'ipv4');
}
