import { SuggestQuery, SuggestResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { CATALOG_TAGS as tags, PUBLIC as P } from '../catalog/paths';
import { suggest } from './suggest';

/** The search box's suggestions: public, through the catalog cache (the catalog list's `q` is in excursions/). */
export const searchRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  app.get(
    `${P}/search/suggest`,
    {
      schema: {
        summary: 'Search box suggestions: cities and excursions containing the text',
        tags,
        querystring: SuggestQuery,
        response: { 200: SuggestResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await suggest(db, request.query.q, request.query.limit ?? 5),
      })),
  );
};
