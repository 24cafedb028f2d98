import type { SsoConfig } from '../../config';
import type { SsoStage, SsoState } from '../../db/schema';

export interface Timing {
  pushTimeoutMs: number;
  callTimeoutMs: number;
  codeTtlMs: number;
}

export function timingOf(config: Pick<SsoConfig, 'pushTimeoutS' | 'callTimeoutS' | 'codeTtlS'>): Timing {
  return {
    pushTimeoutMs: config.pushTimeoutS * 1000,
    callTimeoutMs: config.callTimeoutS * 1000,
    codeTtlMs: config.codeTtlS * 1000,
  };
}

export interface StoredStage {
  stage: SsoStage;
  state: SsoState;
  stageStartedAt: Date;
  /** The push is the only stage: no call or SMS follows it. */
  pushOnly?: boolean;
}

export interface Projection {
  stage: SsoStage;
  /** Start of the stage in ms (its countdown runs from here). */
  startedAt: number;
  /** The countdown of the last stage ran out: the request is over. */
  expired: boolean;
}

const NEXT: Record<SsoStage, SsoStage | null> = { push: 'call', call: 'sms', sms: null };

function timeoutOf(stage: SsoStage, timing: Timing): number {
  if (stage === 'push') return timing.pushTimeoutMs;
  if (stage === 'call') return timing.callTimeoutMs;
  return Number.POSITIVE_INFINITY;
}

/** Where an active request stands at `now`, from its stored stage alone: no timers, so restarts lose nothing. */
export function project(row: StoredStage, timing: Timing, now: number): Projection {
  let stage = row.stage;
  let startedAt = row.stageStartedAt.getTime();
  if (row.state !== 'active') return { stage, startedAt, expired: false };
  for (;;) {
    const expiresAt = startedAt + timing.codeTtlMs;
    const next = row.pushOnly ? null : NEXT[stage];
    const switchAt = startedAt + timeoutOf(stage, timing);
    if (next && switchAt <= expiresAt && now >= switchAt) {
      stage = next;
      startedAt = switchAt;
      continue;
    }
    return { stage, startedAt, expired: now >= expiresAt };
  }
}

/** Whole seconds left of a countdown started at `startedAt` (0 once over). */
export function secondsLeft(startedAt: number, timing: Timing, now: number): number {
  return Math.max(0, Math.ceil((startedAt + timing.codeTtlMs - now) / 1000));
}
