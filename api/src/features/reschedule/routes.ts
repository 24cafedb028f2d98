import {
  OrderIdParams,
  OrderResponse,
  PartnerOrderResponse,
  ProposalAcceptBody,
  ProposalBody,
  ProposalOptionsResponse,
  RescheduleBody,
  RescheduleOptionsResponse,
  SwitchBody,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { switchToAlternative } from '../orders/switch';
import { orderDetail, ownOrder } from '../orders/read';
import { partnerOrder } from '../partner-orders/queries';
import { acceptProposal, proposalOptions, proposeTimes, refuseProposal, type ProposalDeps } from './proposals';
import { answerReschedule, requestReschedule, rescheduleOptions, type RescheduleDeps } from './service';

/** Moving an order to another slot: the traveller picks one (instant excursions move at once), the partner approves. */
export const rescheduleRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, config, clock, catalogCache }) => {
  const deps: RescheduleDeps = { db, broadcaster, commission: config.serviceCommission, config: config.orders };
  const security = bearerSecurity;
  const proposalDeps: ProposalDeps = { db, broadcaster, commission: config.serviceCommission, config: config.orders };

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

  // The guide proposes other times (issue 32 §2): the partner picks them, the customer takes one or refuses them all.
  app.get(
    '/api/excursion/partner/order/:id/proposal/options',
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'The upcoming slots of the order’s excursion it fits on, to propose as other times',
        tags: ['partner'],
        security,
        params: OrderIdParams,
        response: { 200: ProposalOptionsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ status: true, data: await proposalOptions(db, currentUser(request).id, request.params.id, clock.now()) }),
  );

  app.post(
    '/api/excursion/partner/order/:id/proposal',
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'Propose one to three other times (slots, or new times that become slots) with a message; the traveller gets a notice and a chat message with them as buttons',
        tags: ['partner'],
        security,
        params: OrderIdParams,
        body: ProposalBody,
        response: { 200: PartnerOrderResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      const now = clock.now();
      await proposeTimes(proposalDeps, partnerId, request.params.id, request.body, now);
      catalogCache.invalidate(); // a new time may be a new slot
      return { status: true, data: await partnerOrder(db, partnerId, request.params.id, now) };
    },
  );

  app.post(
    '/api/excursion/user/order/:id/proposal/accept',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Take one of the guide’s proposed times: the order moves there (seats re-checked: 409 when gone; the reschedule rules settle the price)',
        tags: ['orders'],
        security,
        params: OrderIdParams,
        body: ProposalAcceptBody,
        response: { 200: OrderResponse, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const customerId = currentUser(request).id;
      const now = clock.now();
      await acceptProposal(proposalDeps, customerId, request.params.id, request.body.event_id, now);
      catalogCache.invalidate();
      return { status: true, data: await orderDetail(db, ownOrder(request.params.id, customerId), now) };
    },
  );

  app.post(
    '/api/excursion/user/order/:id/proposal/refuse',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: '«Ни одно не подходит»: the order is cancelled and its paid prepayment refunded in full; the guide is told',
        tags: ['orders'],
        security,
        params: OrderIdParams,
        response: { 200: OrderResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const customerId = currentUser(request).id;
      const now = clock.now();
      await refuseProposal(proposalDeps, customerId, request.params.id, now);
      catalogCache.invalidate();
      return { status: true, data: await orderDetail(db, ownOrder(request.params.id, customerId), now) };
    },
  );

  // No dead end while a request waits (issue 32 §3): book an instant alternative instead, the request withdrawn with it.
  app.post(
    '/api/excursion/user/order/:id/switch',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: '«Забронировать вместо»: book an alternative offered on the order at once and withdraw the waiting request, in one step (nothing charged twice); answers the new order',
        tags: ['orders'],
        security,
        params: OrderIdParams,
        body: SwitchBody,
        response: { 200: OrderResponse, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const customerId = currentUser(request).id;
      const now = clock.now();
      const id = await switchToAlternative({ db, broadcaster, commission: config.serviceCommission, orders: config.orders }, customerId, request.params.id, request.body.event_id, now);
      catalogCache.invalidate();
      return { status: true, data: await orderDetail(db, ownOrder(id, customerId), now) };
    },
  );
};
