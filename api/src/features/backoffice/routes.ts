import { DashboardResponse, StaffAuditListResponse, StaffAuditQuery, StaffMeResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { auditCsv, auditPage } from './audit';
import { dashboard } from './dashboard';
import { moderationRoutes } from './moderation-routes';
import { orderRoutes } from './order-routes';
import { accountRoutes } from './account-routes';
import { reviewRoutes } from './review-routes';
import { contentRoutes } from './content-routes';
import { synonymRoutes } from './synonym-routes';
import { STAFF_TAGS, staffHooks, staffOf } from './staff';

/** The back office's api (issue 27): /api/staff/… for staff accounts; admin-only calls are tagged `admin-only`. */
export const backofficeRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { db, auth, clock, config } = deps;
  const { staff } = staffHooks(auth);
  const common = { tags: STAFF_TAGS, security: bearerSecurity };

  app.get('/api/staff/me', { ...staff, schema: { ...common, summary: 'The signed-in staff member and their role', response: { 200: StaffMeResponse, ...errorResponses(401, 403) } } }, async (request) => {
    const me = staffOf(request);
    return { status: true, data: { ...me, refund_limit: config.staffRefundLimit } };
  });

  app.get('/api/staff/dashboard', { ...staff, schema: { ...common, summary: 'Today, the queues with their oldest item, and the last 30 days', response: { 200: DashboardResponse, ...errorResponses(401, 403) } } }, async () => ({
    status: true,
    data: await dashboard(db, clock.now()),
  }));

  app.get('/api/staff/audit', { ...staff, schema: { ...common, summary: 'The audit log (append-only), newest first, filtered', querystring: StaffAuditQuery, response: { 200: StaffAuditListResponse, ...errorResponses(401, 403, 422) } } }, async (request) => ({
    status: true,
    data: await auditPage(db, request.query),
  }));

  app.get('/api/staff/audit.csv', { ...staff, schema: { ...common, summary: 'The filtered audit log as CSV (UTF-8 with BOM, «;»-separated, at most 10 000 rows)', querystring: StaffAuditQuery, produces: ['text/csv'], response: { 200: Type.String(), ...errorResponses(401, 403, 422) } } }, async (request, reply) => {
    const csv = await auditCsv(db, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });

  await app.register(moderationRoutes, deps);
  await app.register(orderRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(contentRoutes, deps);
  await app.register(synonymRoutes, deps);
};
