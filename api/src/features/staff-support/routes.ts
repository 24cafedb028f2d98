import {
  SupportListQuery,
  SupportMessageBody,
  SupportTicketIdParams,
  SupportTicketListResponse,
  SupportTicketResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { withEvents } from '../notifications/after-commit';
import { closeTicket, staffAnswer, ticketDetail, ticketPage } from '../support/tickets';

const S = '/api/staff/support/tickets';
const tags = ['staff'];

/** The support team's calls (user_type staff; anyone else 403): every ticket of customers and partners. */
export const staffSupportRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster }) => {
  const common = { onRequest: auth.requireUserType('staff') };
  const security = bearerSecurity;

  app.get(
    S,
    {
      ...common,
      schema: {
        summary: 'Support tickets (open ones by default; ?status=answered|closed), the most recently changed first',
        tags,
        security,
        querystring: SupportListQuery,
        response: { 200: SupportTicketListResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({
      status: true,
      data: await ticketPage(db, undefined, { ...request.query, status: request.query.status ?? 'open' }),
    }),
  );

  app.get(
    `${S}/:id`,
    {
      ...common,
      schema: {
        summary: 'One ticket with its messages',
        tags,
        security,
        params: SupportTicketIdParams,
        response: { 200: SupportTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ status: true, data: await ticketDetail(db, request.params.id, null) }),
  );

  app.post(
    `${S}/:id/answer`,
    {
      ...common,
      schema: {
        summary: 'Answer a ticket: status answered, its owner notified in real time',
        tags,
        security,
        params: SupportTicketIdParams,
        body: SupportMessageBody,
        response: { 200: SupportTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const staff = currentUser(request);
      await withEvents(db, broadcaster, (tx) => staffAnswer(tx, staff, request.params.id, request.body.text));
      return { status: true, data: await ticketDetail(db, request.params.id, null) };
    },
  );

  app.post(
    `${S}/:id/close`,
    {
      ...common,
      schema: {
        summary: 'Close a ticket',
        tags,
        security,
        params: SupportTicketIdParams,
        response: { 200: SupportTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await withEvents(db, broadcaster, (tx) => closeTicket(tx, request.params.id, null));
      return { status: true, data: await ticketDetail(db, request.params.id, null) };
    },
  );
};
