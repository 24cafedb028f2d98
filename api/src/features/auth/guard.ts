import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { UserType } from '../../db/schema';
import { forbidden, unauthenticated } from '../../http/http-error';
import { findByToken, type Authenticated, type AuthUser } from './tokens';

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

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}

export function createAuthGuards(app: FastifyInstance, db: Database): AuthGuards {
  app.decorateRequest('auth', null);
  const resolved = new WeakSet<FastifyRequest>();

  const authenticate = async (request: FastifyRequest): Promise<AuthUser | null> => {
    if (!resolved.has(request)) {
      const token = bearerToken(request);
      request.auth = token ? await findByToken(db, token) : null;
      resolved.add(request);
    }
    return request.auth?.user ?? null;
  };

  const requireUser: Guard = async (request) => {
    if (!(await authenticate(request))) throw unauthenticated();
  };

  return {
    authenticate,
    requireUser,
    requireUserType: (type) => async (request) => {
      const user = await authenticate(request);
      if (!user) throw unauthenticated();
      if (user.userType !== type) throw forbidden();
    },
  };
}
