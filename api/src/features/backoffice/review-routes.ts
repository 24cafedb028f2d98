import { ReviewFlagBody, StaffReasonBody, StaffReviewListQuery, StaffReviewListResponse, StaffReviewParams, StaffReviewResponse, StatusResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { withEvents } from '../notifications/after-commit';
import { dismissFlags, flagReview, hideReview, restoreReview, staffReview, staffReviewPage } from './reviews';
import { STAFF_TAGS, staffHooks, staffOf } from './staff';

const R = '/api/staff/reviews';

/** Reviews in the back office, and the partner's «Пожаловаться». */
export const reviewRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock, catalogCache }) => {
  const { staff } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };

  app.post('/api/excursion/partner/reviews/:id/flag', { onRequest: auth.requireUserType('partner'), schema: { tags: ['partner'], security: bearerSecurity, summary: 'Complain about a review of my excursion («Пожаловаться»); again: the reason is replaced', params: StaffReviewParams, body: ReviewFlagBody, response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => flagReview(tx, currentUser(request).id, request.params.id, request.body.reason));
    return { status: true };
  });

  app.get(R, { ...staff, schema: { ...common, summary: 'Flagged reviews (the longest waiting first) or any review by words', querystring: StaffReviewListQuery, response: { 200: StaffReviewListResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: await staffReviewPage(db, request.query),
  }));

  app.get(`${R}/:id`, { ...staff, schema: { ...common, summary: 'One review with its complaints', params: StaffReviewParams, response: { 200: StaffReviewResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => ({
    status: true,
    data: await staffReview(db, request.params.id),
  }));

  for (const action of ['hide', 'restore'] as const) {
    app.post(`${R}/:id/${action}`, { ...staff, schema: { ...common, summary: action === 'hide' ? 'Hide from the catalog with a reason its author is told' : 'Show again, its author told', params: StaffReviewParams, body: StaffReasonBody, response: { 200: StaffReviewResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
      const actor = staffOf(request);
      await withEvents(db, broadcaster, (tx) => (action === 'hide' ? hideReview(tx, actor, request.params.id, request.body.reason, clock.now()) : restoreReview(tx, actor, request.params.id, request.body.reason)));
      catalogCache.invalidate();
      return { status: true, data: await staffReview(db, request.params.id) };
    });
  }

  app.post(`${R}/:id/dismiss-flags`, { ...staff, schema: { ...common, summary: 'The complaints are unfounded: resolved, the review stays', params: StaffReviewParams, response: { 200: StaffReviewResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => dismissFlags(tx, staffOf(request), request.params.id, clock.now()));
    return { status: true, data: await staffReview(db, request.params.id) };
  });
};
