import { MonitoringReport, StatusResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { recordReleaseErrors } from '../releases/canary';
import { deliverReport, formatReport } from './report';

export const monitoringRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, auth, db }) => {
  app.post(
    '/api/monitoring/report',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Report a failed call of the frontend to the monitoring chat (no sign-in needed)',
        tags: ['monitoring'],
        body: MonitoringReport,
        response: { 200: StatusResponse, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      // A valid token (optional here) tells who really reported; the body's user fields are only a claim.
      const user = await auth.authenticate(request);
      const text = formatReport(request.body, user, new Date());
      await deliverReport(text, config.monitoringWebhookUrl, request.log);
      // counted against the released builds the page runs: a failing canary rolls back by itself (issue 28)
      if (request.body.builds) {
        for (const rolled of await recordReleaseErrors(db, request.body.builds, config.canary, new Date())) {
          request.log.warn({ release: rolled }, `canary of ${rolled.app} (${rolled.env}) rolled back by itself: ${rolled.reason}`);
        }
      }
      return { status: true };
    },
  );
};
