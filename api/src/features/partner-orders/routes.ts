import {
  CANCEL_REASONS,
  DECLINE_REASONS,
  OrderIdParams,
  OrderStateResponse,
  PartnerDecisionBody,
  PartnerOrderListQuery,
  PartnerOrderListResponse,
  PartnerOrderResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { SEATS } from '../catalog/cache';
import { loggedBroadcaster } from '../notifications/after-commit';
import { partnerCancel, partnerConfirm, partnerDecline, partnerNoShow } from '../orders/transitions';
import { partnerOrder, partnerOrders } from './queries';

const REASON_REQUIRED = 'Выберите причину.';
const COMMENT_REQUIRED = 'Опишите причину.';

/** The reason text the customer is shown: the chosen label, and the partner's words when given. */
function reasonText(body: PartnerDecisionBody | undefined, reasons: Record<string, string>): string {
  const code = body?.reason;
  const label = code ? reasons[code] : undefined;
  if (!label) throw new HttpError(422, REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  const comment = body?.comment?.trim() ?? '';
  if (code === 'other' && !comment) throw new HttpError(422, COMMENT_REQUIRED, { comment: [COMMENT_REQUIRED] });
  if (code === 'other') return comment;
  return comment ? `${label}: ${comment}` : label;
}

/** The partner's orders: the list, one order, and the decisions on it. */
export const partnerOrdersRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, config, catalogCache, broadcaster, clock }) => {
  const realtime = loggedBroadcaster(broadcaster, app.log);
  const seatsChanged = () => catalogCache.invalidate(SEATS);
  const partner = auth.requireUserType('partner');
  const common = { tags: ['partner orders'], security: bearerSecurity };

  app.get(
    '/api/excursion/partner/orders',
    {
      onRequest: partner,
      schema: {
        ...common,
        summary: 'My orders as a partner: requests awaiting an answer first, filters and search',
        querystring: PartnerOrderListQuery,
        response: { 200: PartnerOrderListResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({ status: true, data: await partnerOrders(db, currentUser(request).id, request.query) }),
  );

  app.get(
    '/api/excursion/partner/orders/:id',
    {
      onRequest: partner,
      schema: {
        ...common,
        summary: 'One order of my excursions (another partner’s: 404); the phone masked until the prepayment is paid',
        params: OrderIdParams,
        response: { 200: PartnerOrderResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ status: true, data: await partnerOrder(db, currentUser(request).id, request.params.id, clock.now()) }),
  );

  const decisions = {
    confirm: {
      withReason: false,
      summary: 'Accept a request: its seats are taken now (409 when they are gone); the customer may pay',
      decide: (id: number, partnerId: number) => partnerConfirm(db, realtime, id, partnerId, clock.now(), config.orders),
    },
    decline: {
      withReason: true,
      summary: 'Decline a request with a reason from DECLINE_REASONS (shown to the customer)',
      decide: (id: number, partnerId: number, body?: PartnerDecisionBody) =>
        partnerDecline(db, realtime, id, partnerId, clock.now(), reasonText(body, DECLINE_REASONS)),
    },
    cancel: {
      withReason: true,
      summary: 'Cancel an accepted order with a reason from CANCEL_REASONS: seats returned, the paid prepayment refunded in full',
      decide: (id: number, partnerId: number, body?: PartnerDecisionBody) =>
        partnerCancel(db, realtime, id, partnerId, clock.now(), reasonText(body, CANCEL_REASONS)),
    },
    'no-show': {
      withReason: false,
      summary: 'Mark that the customer did not come: after the slot’s end, within 24 hours, tickets not checked in',
      decide: (id: number, partnerId: number) => partnerNoShow(db, realtime, id, partnerId, clock.now()),
    },
  } as const;
  for (const [verb, { summary, decide, withReason }] of Object.entries(decisions)) {
    app.post(
      `/api/excursion/partner/order/:id/${verb}`,
      {
        onRequest: partner,
        schema: {
          ...common,
          summary: `${summary} (the excursion’s partner only; others get a 404)`,
          params: OrderIdParams,
          ...(withReason ? { body: PartnerDecisionBody } : {}),
          response: { 200: OrderStateResponse, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const partnerId = currentUser(request).id;
        try {
          await decide(request.params.id, partnerId, request.body as PartnerDecisionBody | undefined);
        } finally {
          seatsChanged();
        }
        const order = await db.query.orders.findFirst({
          columns: { id: true, status: true, refundAmount: true },
          where: (o, { and, eq }) => and(eq(o.id, request.params.id), eq(o.partnerId, partnerId)),
        });
        return { status: true, data: { id: order!.id, status: order!.status, refund_amount: order!.refundAmount } };
      },
    );
  }
};
