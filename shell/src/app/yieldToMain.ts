interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Gives the browser a turn (input, painting, other tasks) before the caller goes on, so start-up work runs as several
 * short tasks instead of one long one. `scheduler.yield()` where the browser has it (the continuation keeps its
 * priority), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
