import { EditReviewBody, MyReviewResponse, MyReviewsResponse, NewReviewBody, RowId } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { withEvents } from '../notifications/after-commit';
import { editReview, myReviews, oneOfMine, writeReview } from './service';

const U = '/api/excursion/user/reviews';

/** The signed-in traveller's reviews: write one for a completed order, edit it for 7 days, read the guide's reply. */
export const myReviewsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, catalogCache, clock }) => {
  const common = { tags: ['reviews'], security: bearerSecurity };

  app.get(
    U,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'My reviews (newest first) and my completed orders still waiting for one',
        response: { 200: MyReviewsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, data: await myReviews(db, currentUser(request).id, clock.now()) }),
  );

  app.post(
    U,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Review a completed order of mine (once per order); the partner is told, the ratings recounted',
        body: NewReviewBody,
        response: { 201: MyReviewResponse, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await withEvents(db, broadcaster, (tx) => writeReview(tx, userId, request.body));
      catalogCache.invalidate();
      return reply.code(201).send({ status: true, data: await oneOfMine(db, userId, id, clock.now()) });
    },
  );

  app.put(
    `${U}/:id`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Change my review (rating and text) within 7 days of writing it',
        params: Type.Object({ id: RowId }),
        body: EditReviewBody,
        response: { 200: MyReviewResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await db.transaction((tx) => editReview(tx, userId, request.params.id, request.body, clock.now()));
      catalogCache.invalidate();
      return { status: true, data: await oneOfMine(db, userId, request.params.id, clock.now()) };
    },
  );
};
