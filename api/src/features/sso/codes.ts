import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 4-digit code from the cryptographic random source. */
export function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** The auth_req_id handed to the client: 128 random bits, base64url (22 characters). */
export function newAuthReqId(): string {
  return randomBytes(16).toString('base64url');
}

const AUTH_REQ_ID = /^[A-Za-z0-9_-]{22}$/;

/** sha256 of an auth_req_id: what is stored instead of the id. */
export function hashAuthReqId(authReqId: string): string {
  return createHash('sha256').update(`sso-request:${authReqId}`).digest('hex');
}

/** The stored hash to look a client's auth_req_id up by; null when the value cannot be one of ours. */
export function lookupHash(authReqId: string): string | null {
  return AUTH_REQ_ID.test(authReqId) ? hashAuthReqId(authReqId) : null;
}

/** sha256 of a code bound to its request: the same code of another request hashes differently. */
export function hashCode(requestId: number, code: string): string {
  return createHash('sha256').update(`sso-code:${requestId}:${code}`).digest('hex');
}

/** Constant-time comparison of a code against the stored hash. */
export function codeMatches(requestId: number, code: string, storedHash: string | null): boolean {
  const expected = Buffer.from(storedHash ?? '0'.repeat(64), 'hex');
  const actual = Buffer.from(hashCode(requestId, code), 'hex');
  return storedHash !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
