import { HealthResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import Type from 'typebox';
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

const Live = Type.Object({ live: Type.Literal(true) });
const Ready = Type.Object({
  ready: Type.Boolean(),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  redis: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('none')]),
  draining: Type.Boolean(),
});

export interface ReadinessOptions {
  db: Deps['db'];
  /** REDIS_URL's connection, when configured: a shared limit store that does not answer is not ready. */
  redis?: { ping(): Promise<string> } | undefined;
  /** `draining`: SIGTERM arrived (main.ts): not ready, while requests in flight and new ones are still served. */
  state: { draining: boolean };
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);

/**
 * For balancers and orchestrators, apart: `/api/live` (the process answers: restart it when not) and `/api/ready`
 * (send it traffic: the database answers, Redis too when configured, and no shutdown has begun). A database outage
 * makes every process unready, never restarts them.
 */
export const readinessRoutes: FastifyPluginAsyncTypebox<ReadinessOptions> = async (app, { db, redis, state }) => {
  app.get(
    '/api/live',
    { schema: { summary: 'Liveness: the process answers', tags: ['system'], response: { 200: Live } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { live: true as const };
    },
  );
  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness: the database (and Redis when configured) answer and no shutdown has begun',
        tags: ['system'],
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      const [database, shared] = await Promise.all([
        within(db.execute(sql`select 1`), 2000).then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        redis
          ? within(redis.ping(), 1000).then(
              () => 'up' as const,
              () => 'down' as const,
            )
          : Promise.resolve('none' as const),
      ]);
      const ready = !state.draining && database === 'up' && shared !== 'down';
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ ready, database, redis: shared, draining: state.draining });
    },
  );
};
