import { DevLoginBody, DevLoginResponse, StatusResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { fieldError, unauthenticated } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { toProfile } from './profile';
import { issueToken, revokeToken } from './tokens';

export const authRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster }) => {
  app.post(
    '/api/sso/logout',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Sign out: revokes the presented bearer token',
        tags: ['auth'],
        security: bearerSecurity,
        response: { 200: StatusResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthenticated();
      await revokeToken(db, request.auth.tokenId);
      // this browser's realtime subscriptions end with its token (other devices stay connected)
      await broadcaster.revokeToken?.(request.auth.tokenId);
      return { status: true };
    },
  );
};

/** Registered only with APP_ENV=development (404 otherwise): the real sign-in is the phone flow. */
export const devAuthRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config }) => {
  app.post(
    '/api/dev/login-as',
    {
      schema: {
        summary: 'Development only: a bearer token for an existing account (demos, e2e tests)',
        tags: ['dev'],
        body: DevLoginBody,
        response: { 200: DevLoginResponse, ...errorResponses(422) },
      },
    },
    async (request) => {
      const [user] = await db
        .select({
          id: users.id,
          name: users.name,
          phone: users.phone,
          userType: users.userType,
          avatarPath: users.avatarPath,
        })
        .from(users)
        .where(eq(users.phone, request.body.phone))
        .limit(1);
      if (!user) throw fieldError('phone', 'The selected phone is invalid.');
      const { token } = await issueToken(db, user.id, config.tokenTtlDays);
      return { status: true, data: { token, user: toProfile(user) } };
    },
  );
};
