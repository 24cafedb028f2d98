import {
  CommissionResponse,
  OrderCreateBody,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  OrderResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { SEATS } from '../catalog/cache';
import { loggedBroadcaster } from '../notifications/after-commit';
import { createOrder } from './create';
import { createOrderLimits, IdempotencyHeaders } from './limits';
import { customerOrders, orderDetail, ownOrder } from './read';
import { customerCancel } from './transitions';

const U = '/api/excursion/user/order';
const conflict = { 409: { $ref: 'ErrorResponse#', description: 'Not enough seats left on the slot' } } as const;

/** The customer's orders (the partner's side: features/partner-orders). */
export const ordersRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, config, catalogCache, broadcaster, clock }) => {
  const realtime = loggedBroadcaster(broadcaster, app.log);
  /** Seats of a slot changed: the cached slot lists (seats left) and date-filtered lists are stale. */
  const seatsChanged = () => catalogCache.invalidate(SEATS);
  const common = { tags: ['orders'], security: bearerSecurity };
  const createLimits = createOrderLimits(app, config.orders);

  app.get(
    '/api/excursion/data/commission',
    {
      schema: {
        summary: 'Service commission in percent (the prepayment share of an order)',
        tags: ['catalog'],
        response: { 200: CommissionResponse },
      },
    },
    async () => ({ status: true, data: { service_commission: config.serviceCommission } }),
  );

  app.post(
    U,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Order an excursion: prices, seats and status are decided by the server',
        description:
          'Instant-booking excursions start in awaiting_payment, others in awaiting_confirmation. 409 when the slot has no room left.',
        headers: IdempotencyHeaders,
        body: OrderCreateBody,
        response: { 200: OrderResponse, 201: OrderResponse, ...errorResponses(401, 422, 429), ...conflict },
      },
      preValidation: createLimits,
    },
    async (request, reply) => {
      const customerId = currentUser(request).id;
      const now = clock.now();
      const { id, replayed } = await createOrder(db, realtime, {
        customerId,
        body: request.body,
        commission: config.serviceCommission,
        now,
        orders: config.orders,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (!replayed) seatsChanged();
      return reply.code(replayed ? 200 : 201).send({ status: true, data: await orderDetail(db, ownOrder(id, customerId), now) });
    },
  );

  app.get(
    U,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'My orders, newest first',
        querystring: OrderListQuery,
        response: { 200: OrderListResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({ status: true, data: await customerOrders(db, currentUser(request).id, request.query) }),
  );

  app.get(
    `${U}/:id`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'One of my orders (another customer’s order is a 404)',
        params: OrderIdParams,
        response: { 200: OrderResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      status: true,
      data: await orderDetail(db, ownOrder(request.params.id, currentUser(request).id), clock.now()),
    }),
  );

  app.post(
    `${U}/:id/cancel`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Cancel my order: seats returned, tickets cancelled, prepayment refunded by the /docs/vozvrat rule',
        params: OrderIdParams,
        response: { 200: OrderResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const customerId = currentUser(request).id;
      const now = clock.now();
      try {
        await customerCancel(db, realtime, request.params.id, customerId, now);
      } finally {
        seatsChanged(); // also when the refund fails after the seats were returned
      }
      return { status: true, data: await orderDetail(db, ownOrder(request.params.id, customerId), now) };
    },
  );
};
