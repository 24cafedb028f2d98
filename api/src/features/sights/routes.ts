import { CatalogLimitQuery, SightCardsResponse, SightResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { CATALOG_TAGS as tags, PUBLIC as P, RestParams, segmentsOf } from '../catalog/paths';
import { sightCards } from './cards';
import { sightPage } from './page';

/** Sights: public, through the catalog cache. */
export const sightsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  app.get(
    `${P}/sights/popular`,
    {
      schema: {
        summary: 'Sights visited by the most excursions (index page)',
        tags,
        querystring: CatalogLimitQuery,
        response: { 200: SightCardsResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await sightCards(db, undefined, request.query.limit ?? 8),
      })),
  );

  app.get(
    `${P}/sight/*`,
    {
      schema: {
        summary: 'A sight with the excursions visiting it (the slug may span several segments)',
        tags,
        params: RestParams,
        response: { 200: SightResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await sightPage(db, segmentsOf(request.params['*']).join('/')),
      })),
  );
};
