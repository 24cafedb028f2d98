import { ProfileResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { toProfile } from '../auth/profile';

export const profileRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { auth }) => {
  // The spec's one profile call serves both account types (the path says "partner" for historical reasons).
  app.get(
    '/api/excursion/partner/profile',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Profile of the signed-in account (client or partner)',
        tags: ['account'],
        security: bearerSecurity,
        response: { 200: ProfileResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, data: toProfile(currentUser(request)) }),
  );
};
