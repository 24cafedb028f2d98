import {
  NewSupportTicketBody,
  SupportListQuery,
  SupportMessageBody,
  SupportSubjectsResponse,
  SupportTicketIdParams,
  SupportTicketListResponse,
  SupportTicketResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { forbidden, unauthenticated } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser, type Guard } from '../auth/guard';
import { withEvents } from '../notifications/after-commit';
import { closeTicket, createTicket, ownerMessage, ownerWhere, supportSubjects, ticketDetail, ticketPage } from './tickets';

const S = '/api/excursion/support';
const tags = ['support'];

/**
 * Support for the signed-in customer or partner: their own tickets only (anyone else's is a 404). One api for both
 * account pages (/account/user/support, /account/partner/support); staff answer through /api/staff/support.
 */
export const supportRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster }) => {
  const requireOwner: Guard = async (request) => {
    const user = await auth.authenticate(request);
    if (!user) throw unauthenticated();
    if (user.userType !== 'client' && user.userType !== 'partner') throw forbidden();
  };
  const common = { onRequest: requireOwner };
  const security = bearerSecurity;

  app.get(
    `${S}/tickets`,
    {
      ...common,
      schema: {
        summary: 'My support tickets, the most recently changed first',
        tags,
        security,
        querystring: SupportListQuery,
        response: { 200: SupportTicketListResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({ status: true, data: await ticketPage(db, ownerWhere(currentUser(request).id), request.query) }),
  );

  app.get(
    `${S}/subjects`,
    {
      ...common,
      schema: {
        summary: 'What I may attach a ticket to: my orders, and a partner’s excursions',
        tags,
        security,
        response: { 200: SupportSubjectsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: true, data: await supportSubjects(db, currentUser(request)) }),
  );

  app.post(
    `${S}/tickets`,
    {
      ...common,
      schema: {
        summary: 'Open a ticket with its first message (an optional order or excursion of my own); staff are notified',
        tags,
        security,
        body: NewSupportTicketBody,
        response: { 201: SupportTicketResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const owner = currentUser(request);
      const id = await withEvents(db, broadcaster, (tx) => createTicket(tx, owner, request.body));
      return reply.code(201).send({ status: true, data: await ticketDetail(db, id, owner.id) });
    },
  );

  app.get(
    `${S}/tickets/:id`,
    {
      ...common,
      schema: {
        summary: 'One of my tickets with its messages',
        tags,
        security,
        params: SupportTicketIdParams,
        response: { 200: SupportTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ status: true, data: await ticketDetail(db, request.params.id, currentUser(request).id) }),
  );

  app.post(
    `${S}/tickets/:id/messages`,
    {
      ...common,
      schema: {
        summary: 'Write in my ticket (it becomes open again); staff are notified',
        tags,
        security,
        params: SupportTicketIdParams,
        body: SupportMessageBody,
        response: { 201: SupportTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const owner = currentUser(request);
      await withEvents(db, broadcaster, (tx) => ownerMessage(tx, owner, request.params.id, request.body.text));
      return reply.code(201).send({ status: true, data: await ticketDetail(db, request.params.id, owner.id) });
    },
  );

  app.post(
    `${S}/tickets/:id/close`,
    {
      ...common,
      schema: {
        summary: 'Close my ticket (writing again reopens it)',
        tags,
        security,
        params: SupportTicketIdParams,
        response: { 200: SupportTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const owner = currentUser(request);
      await withEvents(db, broadcaster, (tx) => closeTicket(tx, request.params.id, owner.id));
      return { status: true, data: await ticketDetail(db, request.params.id, owner.id) };
    },
  );
};
