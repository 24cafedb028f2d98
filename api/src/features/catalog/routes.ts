import { CitiesQuery, CitiesResponse, CommissionResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { popularCities } from './cities';
import { catalogPeopleRoutes } from './people-routes';
import { publicCatalogRoutes } from './public-routes';

export const catalogRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { db, config, catalogCache: cache } = deps;
  await app.register(publicCatalogRoutes, deps);
  await app.register(catalogPeopleRoutes, deps);

  app.get(
    '/api/excursion/public/excursion/cities',
    {
      schema: {
        summary: 'Popular cities (list at data.data), most popular first',
        tags: ['catalog'],
        querystring: CitiesQuery,
        response: { 200: CitiesResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: { data: await popularCities(db, request.query.limit ?? 10) },
      })),
  );

  app.get(
    '/api/excursion/data/commission',
    {
      schema: {
        summary: 'Service commission in percent (the prepayment share of an order)',
        tags: ['catalog'],
        response: { 200: CommissionResponse },
      },
    },
    async () => ({ status: true, data: { service_commission: config.serviceCommission } }),
  );
};
