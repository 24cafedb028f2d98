import { OrderIdParams, OrderResponse, PartnerOrderResponse, RescheduleBody, RescheduleOptionsResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { orderDetail, ownOrder } from '../orders/read';
import { partnerOrder } from '../partner-orders/queries';
import { answerReschedule, requestReschedule, rescheduleOptions, type RescheduleDeps } from './service';

/** Moving an order to another slot: the traveller picks one (instant excursions move at once), the partner approves. */
export const rescheduleRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, config, clock, catalogCache }) => {
  const deps: RescheduleDeps = { db, broadcaster, commission: config.serviceCommission, config: config.orders };
  const security = bearerSecurity;

  app.get(
    '/api/excursion/user/order/:id/reschedule',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'The slots my order can move to (same excursion, enough seats, at least 24 h before its start) with their price',
        tags: ['orders'],
        security,
        params: OrderIdParams,
        response: { 200: RescheduleOptionsResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      status: true,
      data: await rescheduleOptions(db, currentUser(request).id, request.params.id, clock.now(), config.serviceCommission),
    }),
  );

  app.post(
    '/api/excursion/user/order/:id/reschedule',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Move my order to another slot (an accepted on-request excursion: a request the guide approves); the guide is told',
        tags: ['orders'],
        security,
        params: OrderIdParams,
        body: RescheduleBody,
        response: { 200: OrderResponse, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const customerId = currentUser(request).id;
      const now = clock.now();
      await requestReschedule(deps, customerId, request.params.id, request.body.event_id, now);
      catalogCache.invalidate(); // seats moved between slots
      return { status: true, data: await orderDetail(db, ownOrder(request.params.id, customerId), now) };
    },
  );

  for (const [action, approve] of [['approve', true], ['decline', false]] as const) {
    app.post(
      `/api/excursion/partner/order/:id/reschedule/${action}`,
      {
        onRequest: auth.requireUserType('partner'),
        schema: {
          summary: approve ? 'Approve the traveller’s move to another slot (seats re-checked); the traveller is told' : 'Decline the traveller’s move; the order keeps its slot',
          tags: ['partner'],
          security,
          params: OrderIdParams,
          response: { 200: PartnerOrderResponse, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const partnerId = currentUser(request).id;
        const now = clock.now();
        await answerReschedule(deps, partnerId, request.params.id, approve, now);
        catalogCache.invalidate();
        return { status: true, data: await partnerOrder(db, partnerId, request.params.id, now) };
      },
    );
  }
};
