/** Retry timing of the outbox (OUTBOX_BACKOFF_S, OUTBOX_BACKOFF_MAX_S, OUTBOX_MAX_ATTEMPTS). */
export interface OutboxConfig {
  /** Seconds before the first retry; each further one waits twice as long. */
  backoffS: number;
  /** The longest wait between two attempts. */
  backoffMaxS: number;
  /** Attempts before a row is given up (state failed, visible to staff, who may retry it). */
  maxAttempts: number;
  /** Seconds a claimed row stays claimed: a worker that crashed mid-send frees it after this. */
  leaseS: number;
  /** Milliseconds one provider call may take before it counts as failed (and is retried). */
  timeoutMs: number;
}

/** The wait after `attempts` failed attempts: backoff·2^(attempts−1), at most the cap. */
export function backoffMs(config: Pick<OutboxConfig, 'backoffS' | 'backoffMaxS'>, attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(config.backoffS * 2 ** exponent, config.backoffMaxS) * 1000;
}
