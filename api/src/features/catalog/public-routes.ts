import {
  CatalogLimitQuery,
  CatalogPageQuery,
  CityParams,
  CityPageResponse,
  CityTagQuery,
  CountriesResponse,
  CountryResponse,
  ExcursionCardsResponse,
  ExcursionDetailParams,
  ExcursionDetailResponse,
  ExcursionEventsResponse,
  ExcursionIdParams,
  ExcursionListQuery,
  ExcursionListResponse,
  RegionResponse,
  ReviewListResponse,
  SlugParams,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { SEATS } from '../../http/response-cache';
import { errorResponses } from '../../http/schemas';
import { cardsWhere } from './cards';
import { excursionDetail, excursionEvents } from './excursion';
import { listExcursions } from './excursion-list';
import { cityPage, countryCards, countryPage, regionPage } from './geo';
import { excursionReviews } from './reviews';

const P = '/api/excursion/public';
const tags = ['catalog'];

/** Geography and excursions. Every answer is public and goes through the catalog cache. */
export const publicCatalogRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
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
    `${P}/excursions`,
    {
      schema: {
        summary: 'Published excursions with filters, sorting and paging',
        description:
          '`date` (YYYY-MM-DD, Moscow time) keeps excursions with a bookable slot that day; `q` searches titles and city names.',
        tags,
        querystring: ExcursionListQuery,
        response: { 200: ExcursionListResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(
        request,
        reply,
        async () => ({ status: true, data: await listExcursions(db, request.query, new Date()) }),
        // the date filter keeps slots with seats left: a booking may change the answer
        request.query.date ? [SEATS] : [],
      ),
  );

  app.get(
    `${P}/excursions/popular`,
    {
      schema: {
        summary: 'The most popular excursions (index page)',
        tags,
        querystring: CatalogLimitQuery,
        response: { 200: ExcursionCardsResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await cardsWhere(db, undefined, request.query.limit ?? 8),
      })),
  );

  app.get(
    `${P}/excursion/:region_slug/:city_slug/:excursion_slug`,
    {
      schema: {
        summary: 'An excursion page: photos, programme, prices, guide, sights and the latest reviews',
        tags,
        params: ExcursionDetailParams,
        response: { 200: ExcursionDetailResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { region_slug, city_slug, excursion_slug } = request.params;
      return cache.send(request, reply, async () => ({
        status: true,
        data: await excursionDetail(db, region_slug, city_slug, excursion_slug),
      }));
    },
  );

  app.get(
    `${P}/excursions/:id/events`,
    {
      schema: {
        summary: 'Bookable slots of the next 60 days with seats left and the slot prices',
        tags,
        params: ExcursionIdParams,
        response: { 200: ExcursionEventsResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      cache.send(
        request,
        reply,
        async () => ({ status: true, data: await excursionEvents(db, request.params.id, new Date()) }),
        [SEATS], // seats left: dropped on every booking and cancellation
      ),
  );

  app.get(
    `${P}/excursions/:id/reviews`,
    {
      schema: {
        summary: 'Reviews of an excursion, newest first',
        tags,
        params: ExcursionIdParams,
        querystring: CatalogPageQuery,
        response: { 200: ReviewListResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await excursionReviews(db, request.params.id, request.query),
      })),
  );
};
