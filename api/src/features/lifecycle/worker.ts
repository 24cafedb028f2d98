import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { bumpWriteEpoch } from '../../http/signed-in-cache';
import { sweep, type SweepDeps, type SweepReport } from './sweeps';

export interface LifecycleWorker {
  /** One sweep now (the next timed one still comes); concurrent calls share the running sweep. */
  runOnce(): Promise<SweepReport>;
  /** Stops the timer and waits for a running sweep to finish. */
  stop(): Promise<void>;
}

/**
 * Sweeps every `intervalS` seconds. What is due lives in the database (payment_due_at, respond_by, the slots'
 * ends, lifecycle_marks), not in this timer: a restart or a second api process changes nothing but who does it.
 */
export function startLifecycleWorker(
  deps: SweepDeps & {
    clock: Clock;
    intervalS: number;
    log: FastifyBaseLogger;
    /** Each finished sweep, what it did and how long it took (the metrics' sweep lag). */
    onSweep?: (report: SweepReport, ms: number) => void;
  },
): LifecycleWorker {
  let running: Promise<SweepReport> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const runOnce = (): Promise<SweepReport> => {
    running ??= sweep(deps, deps.clock.now()).finally(() => {
      running = null;
    });
    return running;
  };

  const tick = async () => {
    try {
      const started = performance.now();
      const report = await runOnce();
      deps.onSweep?.(report, performance.now() - started);
      const done = Object.values(report).reduce((a, b) => a + b, 0);
      if (done > 0) {
        // orders changed behind the api's routes: the signed-in reads kept in memory are stale
        bumpWriteEpoch();
        deps.log.info({ lifecycle: report }, 'lifecycle sweep');
      }
    } catch (error) {
      deps.log.error({ err: error }, 'lifecycle sweep failed; the next one retries');
    } finally {
      if (!stopped) timer = setTimeout(tick, deps.intervalS * 1000);
    }
  };
  timer = setTimeout(tick, deps.intervalS * 1000);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
