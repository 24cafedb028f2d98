import { useEffect, useState } from 'react';

/** hidden → (after the throttle) running → (work done) done → (after the hide delay) hidden. */
export type LoadingPhase = 'hidden' | 'running' | 'done';

export interface LoadingTimings {
  /** Work shorter than this never shows the bar. */
  throttleMs: number;
  /** How long the bar stays (full) after the work finished. */
  hideDelayMs: number;
}

export function useLoadingPhase(active: boolean, { throttleMs, hideDelayMs }: LoadingTimings): LoadingPhase {
  const [phase, setPhase] = useState<LoadingPhase>('hidden');

  useEffect(() => {
    if (active) {
      if (phase === 'done') setPhase('running'); // new work during the hide delay: carry on
      if (phase !== 'hidden') return;
      const timer = setTimeout(() => setPhase('running'), throttleMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'running') setPhase('done');
    if (phase !== 'done') return;
    const timer = setTimeout(() => setPhase('hidden'), hideDelayMs);
    return () => clearTimeout(timer);
  }, [active, phase, throttleMs, hideDelayMs]);

  return phase;
}
