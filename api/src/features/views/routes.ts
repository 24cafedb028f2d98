import { ExcursionIdParams, ExcursionViewBody } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { recordView } from './record';

/** The catalog excursion page's beacon: one view per visitor and day (bots and the owner are not counted). */
export const viewsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, config }) => {
  app.post(
    '/api/excursion/public/excursions/:id/view',
    {
      schema: {
        summary: 'Count a view of an excursion page (anonymous; a signed-in owner is not counted)',
        tags: ['catalog'],
        params: ExcursionIdParams,
        body: ExcursionViewBody,
        response: { 204: Type.Null(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await auth.authenticate(request);
      await recordView(db, {
        excursionId: request.params.id,
        visitorId: request.body.visitor_id,
        userAgent: request.headers['user-agent'],
        viewer,
        secret: config.realtime.secret,
      });
      return reply.code(204).send(null);
    },
  );
};
