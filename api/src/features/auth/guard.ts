import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { UserType } from '../../db/schema';
import { forbidden, unauthenticated } from '../../http/http-error';
import { EpochCache } from '../../http/signed-in-cache';
import { findByToken, type Authenticated, type AuthUser, type CachedToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards when the bearer token is valid. */
    auth: Authenticated | null;
  }
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface AuthGuards {
  /** Resolves the request's bearer token (memoised on the request); null when absent or invalid. */
  authenticate(request: FastifyRequest): Promise<AuthUser | null>;
  /**
   * Route hook (use as `onRequest`, so a missing token is a 401 before any validation):
   * 401 `{ message: 'Unauthenticated.' }` without a valid token.
   */
  requireUser: Guard;
  /** Like requireUser, then 403 when the account is of another type. */
  requireUserType(type: UserType): Guard;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The account type a route's path is reserved for (spec §7 prefixes): `/api/excursion/partner/…` partners (but the
 * profile call, which serves every account), `/api/staff/…` staff. Null: any signed-in account — the customer calls
 * (`/api/excursion/user/…`) included, since a partner may also book and keep favourites as a traveller (their own).
 */
export function accountTypeOfRoute(url: string | undefined): UserType | null {
  if (!url) return null;
  if (url === '/api/excursion/partner/profile') return null;
  if (url.startsWith('/api/excursion/partner/')) return 'partner';
  if (url.startsWith('/api/staff/') || url.startsWith('/api/excursion/staff/')) return 'staff';
  return null;
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}

/**
 * The guards. `tokenCacheTtlMs` (SIGNED_IN_CACHE_TTL_MS): how long a token found valid is trusted without a query
 * while no write happens in this process (0: every request looks its token up).
 */
export function createAuthGuards(app: FastifyInstance, db: Database, tokenCacheTtlMs = 0): AuthGuards {
  app.decorateRequest('auth', null);
  const tokens = new EpochCache<CachedToken>(tokenCacheTtlMs);
  const resolved = new WeakSet<FastifyRequest>();

  const authenticate = async (request: FastifyRequest): Promise<AuthUser | null> => {
    if (!resolved.has(request)) {
      const token = bearerToken(request);
      request.auth = token ? await findByToken(db, token, tokens) : null;
      resolved.add(request);
    }
    return request.auth?.user ?? null;
  };

  // Every guarded route also keeps to its path's account type: a customer's (or a partner's) token on a partner (or
  // staff) call is a 403 whatever the route itself checks.
  const requireUser: Guard = async (request) => {
    const user = await authenticate(request);
    if (!user) throw unauthenticated();
    const type = accountTypeOfRoute(request.routeOptions.url);
    if (type && user.userType !== type) throw forbidden();
  };

  return {
    authenticate,
    requireUser,
    requireUserType: (type) => async (request) => {
      await requireUser(request);
      if (request.auth?.user.userType !== type) throw forbidden();
    },
  };
}
