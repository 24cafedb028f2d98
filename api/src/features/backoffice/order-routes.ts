import {
  StaffCancelBody,
  StaffExtendHoldBody,
  StaffOrderChatResponse,
  StaffOrderListQuery,
  StaffOrderListResponse,
  StaffOrderParams,
  StaffOrderResponse,
  StaffReasonBody,
  StaffRefundBody,
  StaffRefundListQuery,
  StaffRefundListResponse,
  StaffRefundParams,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { orderRefunds } from '../../db/schema';
import { SEATS } from '../catalog/cache';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { offsetOf, pageOf, pageRequest } from '../../http/pagination';
import { withEvents } from '../notifications/after-commit';
import { decideRefund, extendHold, resendTickets, staffCancel, staffRefund } from './order-actions';
import { refundRows, staffOrder, staffOrderChat, staffOrderPage } from './orders';
import { ADMIN_TAGS, STAFF_TAGS, staffHooks, staffOf } from './staff';

const O = '/api/staff/orders';

/** Orders in the back office: search, the whole order, its chat (audited), and staff's actions on it. */
export const orderRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock, config, catalogCache, outbox }) => {
  const { staff, admin } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };
  const limit = config.staffRefundLimit;

  app.get(O, { ...staff, schema: { ...common, summary: 'Orders by number, phone, name, excursion or partner; newest first', querystring: StaffOrderListQuery, response: { 200: StaffOrderListResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: await staffOrderPage(db, request.query),
  }));

  app.get(`${O}/:id`, { ...staff, schema: { ...common, summary: 'The whole order: amounts, payments and refunds with the provider ids, history, tickets, support', params: StaffOrderParams, response: { 200: StaffOrderResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => ({
    status: true,
    data: await staffOrder(db, request.params.id),
  }));

  app.get(`${O}/:id/chat`, { ...staff, schema: { ...common, summary: 'The order chat, read-only; opening it is written to the audit log', params: StaffOrderParams, response: { 200: StaffOrderChatResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => ({
    status: true,
    data: await withEvents(db, broadcaster, (tx) => staffOrderChat(tx, staffOf(request), request.params.id)),
  }));

  app.post(`${O}/:id/cancel`, { ...staff, schema: { ...common, summary: 'Cancel with a reason and a full or partial refund (above the limit a staff member’s refund waits for an admin); both sides told', params: StaffOrderParams, body: StaffCancelBody, response: { 200: StaffOrderResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    const outcome = await withEvents(db, broadcaster, (tx) => staffCancel(tx, staffOf(request), request.params.id, request.body, limit, clock.now()));
    catalogCache.invalidate(SEATS);
    await outbox.deliverNow(outcome.toSend);
    return { status: true, data: await staffOrder(db, request.params.id) };
  });

  app.post(`${O}/:id/refund`, { ...staff, schema: { ...common, summary: 'Refund part or all of what was paid, without cancelling (above the limit it waits for an admin)', params: StaffOrderParams, body: StaffRefundBody, response: { 200: StaffOrderResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    const outcome = await withEvents(db, broadcaster, (tx) => staffRefund(tx, staffOf(request), request.params.id, request.body, limit, clock.now()));
    await outbox.deliverNow(outcome.toSend);
    return { status: true, data: await staffOrder(db, request.params.id) };
  });

  app.post(`${O}/:id/resend-tickets`, { ...staff, schema: { ...common, summary: 'Send the customer their tickets again', params: StaffOrderParams, response: { 200: StaffOrderResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => resendTickets(tx, staffOf(request), request.params.id));
    return { status: true, data: await staffOrder(db, request.params.id) };
  });

  app.post(`${O}/:id/extend-hold`, { ...staff, schema: { ...common, summary: 'Give the customer more time to pay (the seats stay held)', params: StaffOrderParams, body: StaffExtendHoldBody, response: { 200: StaffOrderResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => extendHold(tx, staffOf(request), request.params.id, request.body.minutes, clock.now()));
    return { status: true, data: await staffOrder(db, request.params.id) };
  });

  app.get('/api/staff/refunds', { ...staff, schema: { ...common, summary: 'Refunds by status (pending by default: waiting for an admin), newest first', querystring: StaffRefundListQuery, response: { 200: StaffRefundListResponse, ...errorResponses(401, 403, 422) } } }, async (request) => {
    const status = request.query.status ?? 'pending';
    const page = pageRequest(request.query, 20);
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(orderRefunds).where(eq(orderRefunds.status, status));
    const rows = await refundRows(db, eq(orderRefunds.status, status), page.perPage, offsetOf(page));
    return { status: true, data: pageOf(rows, counted?.n ?? 0, page) };
  });

  for (const approve of [true, false]) {
    app.post(`/api/staff/refunds/:id/${approve ? 'approve' : 'reject'}`, { ...admin, schema: { tags: ADMIN_TAGS, security: bearerSecurity, summary: approve ? 'Approve a refund waiting for an admin: the money goes back, the customer is told' : 'Refuse a refund waiting for an admin', params: StaffRefundParams, ...(approve ? {} : { body: StaffReasonBody }), response: { 200: StaffOrderResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
      const reason = (request.body as { reason?: string } | undefined)?.reason;
      const outcome = await withEvents(db, broadcaster, (tx) => decideRefund(tx, staffOf(request), request.params.id, approve, reason, clock.now()));
      await outbox.deliverNow(outcome.toSend);
      return { status: true, data: await staffOrder(db, outcome.orderId) };
    });
  }
};
