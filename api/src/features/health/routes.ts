import { HealthResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/http-error';

export const healthRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, driver }) => {
  const started = Date.now();
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['system'],
        response: { 200: HealthResponse, 503: { $ref: 'ErrorResponse#', description: 'The database does not answer' } },
      },
    },
    async (request) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        throw new HttpError(503, 'Service Unavailable');
      }
      return {
        status: true,
        data: { ok: true, database: driver, uptime_seconds: Math.floor((Date.now() - started) / 1000) },
      };
    },
  );
};
