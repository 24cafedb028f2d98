import { AddFavoriteBody, ExcursionCardsResponse, FavoriteIdParams, FavoriteIdsResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { addFavorite, favoriteCards, favoriteIds, removeFavorite } from './service';

/** My favorites: the page's cards, the ids the hearts show, add and remove. Per user: never cached. */
export const favoritesRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth }) => {
  const common = { tags: ['favorites'], security: bearerSecurity };

  app.get(
    '/api/excursion/user/favorite',
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Cards of the excursions in my favorites, most recently added first',
        response: { 200: ExcursionCardsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, data: await favoriteCards(db, currentUser(request).id) }),
  );

  app.get(
    '/api/excursion/user/favorite/appended',
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Ids of the excursions in my favorites',
        response: { 200: FavoriteIdsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, data: await favoriteIds(db, currentUser(request).id) }),
  );

  app.post(
    '/api/excursion/user/favorite',
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Add an excursion to my favorites (idempotent); returns the ids',
        body: AddFavoriteBody,
        response: { 200: FavoriteIdsResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await addFavorite(db, userId, request.body.excursion_id);
      return { status: true, data: await favoriteIds(db, userId) };
    },
  );

  app.delete(
    '/api/excursion/user/favorite/:id',
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Remove an excursion from my favorites (idempotent); returns the ids',
        params: FavoriteIdParams,
        response: { 200: FavoriteIdsResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await removeFavorite(db, userId, request.params.id);
      return { status: true, data: await favoriteIds(db, userId) };
    },
  );
};
