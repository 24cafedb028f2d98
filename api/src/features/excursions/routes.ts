import {
  CatalogLimitQuery,
  ExcursionCardsResponse,
  ExcursionDetailParams,
  ExcursionDetailResponse,
  ExcursionEventsResponse,
  ExcursionIdParams,
  ExcursionListQuery,
  ExcursionListResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { SEATS } from '../catalog/cache';
import { cardsWhere } from '../catalog/cards';
import { CATALOG_TAGS as tags, PUBLIC as P } from '../catalog/paths';
import { excursionDetail } from './detail';
import { excursionEvents } from './events';
import { listExcursions } from './list';

/** The catalog list, the popular excursions, an excursion page and its slots: public, through the catalog cache. */
export const excursionsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  app.get(
    `${P}/excursions`,
    {
      schema: {
        summary: 'Published excursions with filters, sorting and paging',
        description:
          '`date` (YYYY-MM-DD, on the excursion city’s clock) keeps excursions with a bookable slot that day; `q` searches titles and city names.',
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
};
