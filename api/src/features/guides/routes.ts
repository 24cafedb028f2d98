import { GuideResponse, GuidesByPlaceResponse, SlugParams } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { CATALOG_TAGS as tags, PUBLIC as P, RestParams, segmentsOf } from '../catalog/paths';
import { guidePage, guidesByPlace } from './pages';

/** Guides: public, through the catalog cache. */
export const guidesRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  app.get(
    `${P}/guides/regions/*`,
    {
      schema: {
        summary: 'Guides of a region (`{region}`) or of a city (`{region}/{city}`)',
        tags,
        params: RestParams,
        response: { 200: GuidesByPlaceResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await guidesByPlace(db, segmentsOf(request.params['*'])),
      })),
  );

  app.get(
    `${P}/guides/:slug`,
    {
      schema: {
        summary: 'A guide: bio, excursions and the latest reviews',
        tags,
        params: SlugParams,
        response: { 200: GuideResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({ status: true, data: await guidePage(db, request.params.slug) })),
  );
};
