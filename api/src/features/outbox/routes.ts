import { StaffOutboxQuery, StaffOutboxResponse, StatusResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { outbox } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { toStaffView } from './outbox';

const tags = ['staff'];
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** Staff (user_type staff; anyone else 403): what the outbox holds, and a retry of a row that was given up. */
export const staffOutboxRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, outbox: box, clock }) => {
  const common = { onRequest: auth.requireUserType('staff'), schema: { tags, security: bearerSecurity } };

  app.get(
    '/api/staff/outbox',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Outbox rows (newest first): state, attempts, last error; never a payload',
        querystring: StaffOutboxQuery,
        response: { 200: StaffOutboxResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { state, kind, before_id: beforeId, limit = 50 } = request.query;
      const where: SQL[] = [];
      if (state) where.push(eq(outbox.state, state));
      if (kind) where.push(eq(outbox.kind, kind));
      if (beforeId) where.push(lt(outbox.id, beforeId));
      const rows = await db
        .select()
        .from(outbox)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(outbox.id))
        .limit(limit);
      const counts = await db.select({ state: outbox.state, n: count() }).from(outbox).groupBy(outbox.state);
      return {
        status: true,
        data: { entries: rows.map(toStaffView), counts: Object.fromEntries(counts.map((c) => [c.state, c.n])) },
      };
    },
  );

  app.post(
    '/api/staff/outbox/:id/retry',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Try a failed row again now (its attempts start over)',
        params: IdParams,
        response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const [row] = await db
        .update(outbox)
        .set({ state: 'pending', attempts: 0, nextAttemptAt: clock.now() })
        .where(and(eq(outbox.id, request.params.id), eq(outbox.state, 'failed')))
        .returning({ id: outbox.id });
      if (!row) throw new HttpError(404, 'Такой неотправленной записи нет.');
      await box.deliverNow([row.id]);
      return { status: true };
    },
  );
};
