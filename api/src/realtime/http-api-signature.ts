// Checks a signed Pusher HTTP API request (auth_version 1.0), as Pusher Channels, Soketi and Reverb do.
import { hmacSha256Hex, md5Hex, safeEqual } from './protocol';

export interface SignedRequest {
  method: string;
  /** The path as the client signed it, e.g. `/apps/42/events`. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  body: string;
}

export interface SignatureCheck {
  key: string;
  secret: string;
  /** Seconds since the epoch. */
  now: number;
  /** A request signed further than this from the server clock is refused (Pusher: 600). */
  maxSkewSeconds: number;
}

export type SignatureVerdict = { ok: true } | { ok: false; message: string; errors: Record<string, string[]> };

const REQUIRED = ['auth_key', 'auth_timestamp', 'auth_version', 'auth_signature'] as const;

/** `a=1&b=2` → entries, values URL-decoded; null when a name repeats or does not decode (ambiguous to sign). */
function parseQuery(query: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const cut = pair.indexOf('=');
    try {
      const name = decodeURIComponent(cut < 0 ? pair : pair.slice(0, cut));
      const value = cut < 0 ? '' : decodeURIComponent(pair.slice(cut + 1));
      if (params.has(name)) return null;
      params.set(name, value);
    } catch {
      return null;
    }
  }
  return params;
}

const refuse = (field: string, message: string): SignatureVerdict => ({
  ok: false,
  message,
  errors: { [field]: [message] },
});

export function verifyRequestSignature(request: SignedRequest, check: SignatureCheck): SignatureVerdict {
  const params = parseQuery(request.query);
  if (!params) return refuse('query', 'The query string is malformed.');
  for (const name of REQUIRED) {
    if (!params.get(name)) return refuse(name, `The ${name} parameter is required.`);
  }
  if (!safeEqual(params.get('auth_key') ?? '', check.key)) return refuse('auth_key', 'Unknown auth_key.');
  if (params.get('auth_version') !== '1.0') return refuse('auth_version', 'Only auth_version 1.0 is supported.');
  const timestamp = Number(params.get('auth_timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(check.now - timestamp) > check.maxSkewSeconds) {
    return refuse('auth_timestamp', `Timestamp expired: not within ${check.maxSkewSeconds} s of the server time.`);
  }
  if (request.body.length > 0 && !safeEqual(params.get('body_md5') ?? '', md5Hex(request.body))) {
    return refuse('body_md5', 'The body_md5 does not match the body.');
  }
  const signed = [...params.entries()]
    .filter(([name]) => name !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const expected = hmacSha256Hex(check.secret, [request.method.toUpperCase(), request.path, signed].join('\n'));
  if (!safeEqual(params.get('auth_signature') ?? '', expected)) {
    return refuse('auth_signature', 'Invalid signature.');
  }
  return { ok: true };
}
