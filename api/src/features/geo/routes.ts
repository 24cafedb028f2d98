import {
  CitiesQuery,
  CitiesResponse,
  CityParams,
  CityPageResponse,
  CityTagQuery,
  CountriesResponse,
  CountryResponse,
  RegionResponse,
  SlugParams,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { CATALOG_TAGS as tags, PUBLIC as P } from '../catalog/paths';
import { popularCities } from './cities';
import { cityPage, countryCards, countryPage, regionPage } from './pages';

/** Countries, regions and cities: public, through the catalog cache. */
export const geoRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  app.get(
    `${P}/countries`,
    {
      schema: { summary: 'Countries with the number of published excursions', tags, response: { 200: CountriesResponse } },
    },
    async (request, reply) => cache.send(request, reply, async () => ({ status: true, data: await countryCards(db) })),
  );

  app.get(
    `${P}/countries/:slug`,
    {
      schema: {
        summary: 'A country with its regions and cities',
        tags,
        params: SlugParams,
        response: { 200: CountryResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({ status: true, data: await countryPage(db, request.params.slug) })),
  );

  app.get(
    `${P}/regions/:slug`,
    {
      schema: {
        summary: 'A region with its cities and most popular excursions',
        tags,
        params: SlugParams,
        response: { 200: RegionResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({ status: true, data: await regionPage(db, request.params.slug) })),
  );

  app.get(
    `${P}/cities/:region_slug/:city_slug`,
    {
      schema: {
        summary: 'A city page: the city, its tags with counts, sights, guides and top excursions (?tag= for a tag page)',
        tags,
        params: CityParams,
        querystring: CityTagQuery,
        response: { 200: CityPageResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await cityPage(db, request.params.region_slug, request.params.city_slug, request.query.tag),
      })),
  );

  app.get(
    `${P}/excursion/cities`,
    {
      schema: {
        summary: 'Popular cities (list at data.data), most popular first',
        tags,
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
};
