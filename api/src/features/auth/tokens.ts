import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ACCOUNT_BLOCKED_MESSAGE } from '@excursio/shared/contracts';
import { apiTokens, users, type StaffRole, type UserType } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { writeEpoch, type EpochCache } from '../../http/signed-in-cache';

export interface AuthUser {
  id: number;
  name: string;
  phone: string;
  userType: UserType;
  avatarPath: string | null;
  /** Staff accounts: staff or admin (read with the token; absent where an account is built without it). */
  staffRole?: StaffRole | null;
}

export interface Authenticated {
  user: AuthUser;
  tokenId: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** base64url of 32 bytes is 43 characters; anything else is not one of our tokens. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A blocked account signing in: refused with a message its owner understands. */
export const accountBlocked = () => new HttpError(422, ACCOUNT_BLOCKED_MESSAGE, { phone: [ACCOUNT_BLOCKED_MESSAGE] });

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A bearer token's value: 32 random bytes, base64url (TOKEN_PATTERN). */
export const newTokenValue = (): string => randomBytes(32).toString('base64url');

/** A new bearer token for the user (newTokenValue); only its sha256 is stored. */
export async function issueToken(
  db: Database,
  userId: number,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const [account] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (account?.blockedAt) throw accountBlocked();
  const token = newTokenValue();
  const expiresAt = new Date(Date.now() + ttlDays * DAY_MS);
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** A token found valid, kept in memory by its hash until it expires or the write epoch moves (a logout is a write). */
export interface CachedToken {
  auth: Authenticated;
  expiresAt: number;
}

/**
 * The user of a token that exists, is not revoked and has not expired. With a cache, a token found valid is not
 * looked up again while no write happened (a logout, a profile edit) within the cache's TTL: signed-in reads cost no
 * query for the token then.
 */
export async function findByToken(
  db: Database,
  token: string,
  cache?: EpochCache<CachedToken>,
): Promise<Authenticated | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached && cached.expiresAt > Date.now()) return cached.auth;
  const readIn = writeEpoch();
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      name: users.name,
      phone: users.phone,
      userType: users.userType,
      avatarPath: users.avatarPath,
      staffRole: users.staffRole,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        // a blocked account's tokens stop working at once (blocking also revokes them)
        isNull(users.blockedAt),
        gt(apiTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId));
  }
  const { tokenId, lastUsedAt: _lastUsedAt, expiresAt, ...user } = row;
  const auth = { user, tokenId };
  cache?.set(tokenHash, { auth, expiresAt: expiresAt.getTime() }, readIn);
  return auth;
}

export async function revokeToken(db: Database, tokenId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)));
}
