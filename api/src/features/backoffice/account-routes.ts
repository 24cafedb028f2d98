import {
  StaffAccountListQuery,
  StaffAccountListResponse,
  StaffAccountParams,
  StaffAccountResponse,
  StaffReasonBody,
  StaffRoleBody,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { withEvents } from '../notifications/after-commit';
import { accountDetail, accountPage, blockAccount, setRole, unblockAccount, verifyRequisites } from './accounts';
import { ADMIN_TAGS, STAFF_TAGS, staffHooks, staffOf } from './staff';

const A = '/api/staff/accounts';

/** Accounts in the back office; blocking and roles are an admin's. */
export const accountRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock, catalogCache }) => {
  const { staff, admin } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };
  const adminCommon = { tags: ADMIN_TAGS, security: bearerSecurity };
  const answer = async (id: number) => ({ status: true, data: await accountDetail(db, id) });

  app.get(A, { ...staff, schema: { ...common, summary: 'Customers, partners and staff by type, words, phone or id; newest first', querystring: StaffAccountListQuery, response: { 200: StaffAccountListResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: await accountPage(db, request.query),
  }));

  app.get(`${A}/:id`, { ...staff, schema: { ...common, summary: 'One account with its orders, tickets, reviews (and a partner’s requisites)', params: StaffAccountParams, response: { 200: StaffAccountResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => answer(request.params.id));

  app.post(`${A}/:id/block`, { ...admin, schema: { ...adminCommon, summary: 'Block (admin): tokens stop working at once, sign-in refused, a partner’s excursions leave the catalog', params: StaffAccountParams, body: StaffReasonBody, response: { 200: StaffAccountResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    const revoked = await withEvents(db, broadcaster, (tx) => blockAccount(tx, staffOf(request), request.params.id, request.body.reason, clock.now()));
    catalogCache.invalidate();
    // its open pages lose the live connection too (the sockets its tokens authorised are closed)
    for (const tokenId of revoked) await broadcaster.revokeToken?.(tokenId);
    return answer(request.params.id);
  });

  app.post(`${A}/:id/unblock`, { ...admin, schema: { ...adminCommon, summary: 'Unblock (admin): the excursions the block hid come back', params: StaffAccountParams, body: StaffReasonBody, response: { 200: StaffAccountResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => unblockAccount(tx, staffOf(request), request.params.id, request.body.reason, clock.now()));
    catalogCache.invalidate();
    return answer(request.params.id);
  });

  app.post(`${A}/:id/requisites/verify`, { ...staff, schema: { ...common, summary: 'Mark a partner’s requisites verified after the INN check', params: StaffAccountParams, response: { 200: StaffAccountResponse, ...errorResponses(401, 403, 404, 409, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => verifyRequisites(tx, staffOf(request), request.params.id, clock.now()));
    return answer(request.params.id);
  });

  app.put(`${A}/:id/role`, { ...admin, schema: { ...adminCommon, summary: 'Give or take staff access (admin): client, staff or admin', params: StaffAccountParams, body: StaffRoleBody, response: { 200: StaffAccountResponse, ...errorResponses(401, 403, 404, 422) } } }, async (request) => {
    await withEvents(db, broadcaster, (tx) => setRole(tx, staffOf(request), request.params.id, request.body.role));
    return answer(request.params.id);
  });
};
