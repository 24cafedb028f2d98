import {
  PartnerReviewResponse,
  PartnerReviewsQuery,
  PartnerReviewsResponse,
  ReviewReplyBody,
  RowId,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { partnerReviews, replyToReview } from './queries';

const tags = ['partner'];

/** The reviews of the partner's excursions and the public reply (partner account). */
export const partnerReviewsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, catalogCache }) => {
  app.get(
    '/api/excursion/partner/reviews',
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'Reviews of my excursions (filters: excursion, rating, Moscow days, unanswered), newest first',
        tags,
        security: bearerSecurity,
        querystring: PartnerReviewsQuery,
        response: { 200: PartnerReviewsResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({ status: true, data: await partnerReviews(db, currentUser(request).id, request.query) }),
  );

  app.post(
    '/api/excursion/partner/reviews/:id/reply',
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'Write or replace the public reply to a review of my excursion (no phone, e-mail or link)',
        tags,
        security: bearerSecurity,
        params: Type.Object({ id: RowId }),
        body: ReviewReplyBody,
        response: { 200: PartnerReviewResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const review = await replyToReview(db, currentUser(request).id, request.params.id, request.body.text);
      // The catalog shows the reply under the review: drop the cached review answers.
      catalogCache.invalidate();
      return { status: true, data: review };
    },
  );
};
