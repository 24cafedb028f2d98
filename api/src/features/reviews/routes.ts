import {
  CatalogLimitQuery,
  CatalogPageQuery,
  ExcursionIdParams,
  PlaceReviewsResponse,
  ReviewCardsResponse,
  ReviewListResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { CATALOG_TAGS as tags, PUBLIC as P, RestParams, segmentsOf } from '../catalog/paths';
import { reviewCards } from './cards';
import { excursionReviews, placeReviews } from './pages';

/** Reviews of the index page, of a place and of an excursion: public, through the catalog cache. */
export const reviewsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  app.get(
    `${P}/reviews/fresh`,
    {
      schema: {
        summary: 'The newest reviews (index page)',
        tags,
        querystring: CatalogLimitQuery,
        response: { 200: ReviewCardsResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await reviewCards(db, undefined, request.query.limit ?? 8),
      })),
  );

  app.get(
    `${P}/reviews/*`,
    {
      schema: {
        summary: 'Reviews of a region, a city or an excursion: `{region}[/{city}[/{excursion}]]`',
        tags,
        params: RestParams,
        querystring: CatalogPageQuery,
        response: { 200: PlaceReviewsResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await placeReviews(db, segmentsOf(request.params['*']), request.query),
      })),
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
