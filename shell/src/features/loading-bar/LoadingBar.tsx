import type { CSSProperties } from 'react';
import { useLoadingPhase } from './useLoadingPhase';
import './LoadingBar.css';

/** Spec §9: throttle 200 ms, duration 2000 ms, hide delay 500 ms. */
export const LOADING_BAR_TIMINGS = { throttleMs: 200, durationMs: 2000, hideDelayMs: 500 } as const;

export interface LoadingBarProps {
  active: boolean;
  throttleMs?: number;
  /** Time the bar takes to creep towards ~90 % while the work goes on. */
  durationMs?: number;
  hideDelayMs?: number;
}

/** Spec overlay 5: the green bar at the top of the page. */
export function LoadingBar({
  active,
  throttleMs = LOADING_BAR_TIMINGS.throttleMs,
  durationMs = LOADING_BAR_TIMINGS.durationMs,
  hideDelayMs = LOADING_BAR_TIMINGS.hideDelayMs,
}: LoadingBarProps) {
  const phase = useLoadingPhase(active, { throttleMs, hideDelayMs });
  if (phase === 'hidden') return null;
  const style = { '--sh-loading-duration': `${durationMs}ms`, '--sh-loading-hide': `${hideDelayMs}ms` } as CSSProperties;
  return (
    <div
      className={`sh-loading-bar sh-loading-bar--${phase}`}
      // decoration: the new page's heading is announced when it arrives (RouteAnnouncer)
      aria-hidden="true"
      data-testid="loading-bar"
      data-phase={phase}
      style={style}
    >
      <div className="sh-loading-bar__fill" />
    </div>
  );
}
