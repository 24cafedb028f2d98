import { StaffTextBody, StaffTicketListQuery, StaffTicketListResponse, StaffTicketResponse, SupportTicketIdParams } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/client';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { answerTicket, assignTicket, closeStaffTicket, noteTicket, staffTicket, staffTicketPage } from '../backoffice/support';
import { STAFF_TAGS, staffHooks, staffOf, type StaffActor } from '../backoffice/staff';
import { withEvents } from '../notifications/after-commit';

const S = '/api/staff/support/tickets';

/** The support team's calls (staff only): every ticket of customers and partners, with internal notes. */
export const staffSupportRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock }) => {
  const { staff } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };

  app.get(S, { ...staff, schema: { ...common, summary: 'Every ticket with filters (status, kind, assignee, age, words); open ones the longest waiting first', querystring: StaffTicketListQuery, response: { 200: StaffTicketListResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: await staffTicketPage(db, request.query, staffOf(request).id, clock.now()),
  }));

  app.get(`${S}/:id`, { ...staff, schema: { ...common, summary: 'One ticket with its messages and internal notes', params: SupportTicketIdParams, response: { 200: StaffTicketResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => ({
    status: true,
    data: await staffTicket(db, request.params.id),
  }));

  const actions: Array<[string, string, (tx: Database, actor: StaffActor, id: number, text: string) => Promise<void>, boolean]> = [
    ['assign', 'Assign the ticket to me', (tx, actor, id) => assignTicket(tx, actor, id, true), false],
    ['unassign', 'Leave the ticket unassigned', (tx, actor, id) => assignTicket(tx, actor, id, false), false],
    ['close', 'Close a ticket', (tx, actor, id) => closeStaffTicket(tx, actor, id), false],
    ['answer', 'Answer: status answered, its owner notified in real time', answerTicket, true],
    ['notes', 'An internal note (the owner never sees it)', noteTicket, true],
  ];
  for (const [action, summary, work, withText] of actions) {
    app.post(`${S}/:id/${action}`, { ...staff, schema: { ...common, summary, params: SupportTicketIdParams, ...(withText ? { body: StaffTextBody } : {}), response: { 200: StaffTicketResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
      const text = (request.body as { text?: string } | undefined)?.text ?? '';
      await withEvents(db, broadcaster, (tx) => work(tx, staffOf(request), request.params.id, text));
      return { status: true, data: await staffTicket(db, request.params.id) };
    });
  }
};
