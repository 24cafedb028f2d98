// Preview links (issue 28): staff open the site with a release of one remote that takes no traffic yet. A link carries
// `release_preview=<token>`: the app, the build and the expiry, signed with HMAC-SHA256 (a key derived from the realtime
// secret, itself random and required in production). The shell server asks the api whether a token holds.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Preview {
  app: string;
  build_hash: string;
  expires_at: string;
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const key = (secret: string) => createHmac('sha256', secret).update('excursio release preview').digest();
const sign = (secret: string, payload: string) => createHmac('sha256', key(secret)).update(payload).digest('base64url');

export function signPreview(secret: string, app: string, buildHash: string, expiresAt: Date): string {
  const payload = b64(JSON.stringify({ a: app, h: buildHash, e: expiresAt.getTime() }));
  return `${payload}.${sign(secret, payload)}`;
}

/** The preview a token names, or null: malformed, signed with another key, or expired. */
export function readPreview(secret: string, token: string, now: Date): Preview | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { a, h, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; h?: unknown; e?: unknown };
    if (typeof a !== 'string' || typeof h !== 'string' || typeof e !== 'number' || e <= now.getTime()) return null;
    return { app: a, build_hash: h, expires_at: new Date(e).toISOString() };
  } catch {
    return null;
  }
}
