import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { MovableClock } from '../../clock';
import type { Deps } from '../../deps';
import type { LifecycleWorker } from './worker';

const ClockBody = Type.Object({
  /** Minutes to move the api's clock forward; 0 with `reset` puts it back to the wall clock. */
  advance_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 * 24 * 30 })),
  reset: Type.Optional(Type.Boolean()),
});

/**
 * Development only (APP_ENV=development; never registered in production): moves the orders' clock forward and runs
 * a lifecycle sweep at once, so holds, deadlines and completions can be watched without waiting.
 */
export const devClockRoutes: FastifyPluginAsyncTypebox<Deps & { movable: MovableClock; worker: () => LifecycleWorker | null }> = async (
  app,
  { clock, movable, worker },
) => {
  app.post(
    '/api/dev/clock',
    { schema: { summary: 'Development: move the orders clock forward and sweep', tags: ['dev'], body: ClockBody } },
    async (request) => {
      if (request.body.reset) movable.reset();
      if (request.body.advance_minutes) movable.advance(request.body.advance_minutes * 60_000);
      const report = await worker()?.runOnce();
      return { status: true, data: { now: clock.now().toISOString(), offset_minutes: movable.offset / 60_000, sweep: report ?? null } };
    },
  );
};
