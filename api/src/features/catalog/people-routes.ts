import {
  CatalogLimitQuery,
  CatalogPageQuery,
  ExcursionCardsResponse,
  GuideResponse,
  GuidesByPlaceResponse,
  PlaceReviewsResponse,
  ReviewCardsResponse,
  SightCardsResponse,
  SightResponse,
  SlugParams,
  SuggestQuery,
  SuggestResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { favoriteCards, guidePage, guidesByPlace, sightPage, suggest } from './people';
import { sightCards } from './places';
import { placeReviews, reviewCards } from './reviews';

const P = '/api/excursion/public';
const tags = ['catalog'];
/** A multi-segment slug: everything after the route's prefix. */
const RestParams = Type.Object({ '*': Type.String() });
const segmentsOf = (rest: string) => rest.split('/').filter(Boolean);

/** Sights, guides, reviews, search (public: through the catalog cache) and the favorites page (per user: never cached). */
export const catalogPeopleRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, catalogCache: cache }) => {
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

  app.get(
    '/api/excursion/user/favorite',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Cards of the excursions in my favorites, most recently added first',
        tags: ['favorites'],
        security: bearerSecurity,
        response: { 200: ExcursionCardsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, data: await favoriteCards(db, currentUser(request).id) }),
  );
};
