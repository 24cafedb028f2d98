import { PartnerStatsQuery, PartnerStatsResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { partnerStats } from './queries';

/** The partner's statistics page. */
export const partnerStatsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth }) => {
  app.get(
    '/api/excursion/partner/statistics',
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'My figures of a period (Moscow days): views → orders → paid, revenue, prepayments, cancellations, answer time',
        tags: ['partner'],
        security: bearerSecurity,
        querystring: PartnerStatsQuery,
        response: { 200: PartnerStatsResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ status: true, data: await partnerStats(db, currentUser(request).id, request.query) }),
  );
};
