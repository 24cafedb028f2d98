import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SsoConfig } from '../../config';
import { throttled } from './errors';

export type Limit = (request: FastifyRequest) => Promise<void>;

export interface SsoLimits {
  /** Sign-in requests per IP (SSO_SEND_LIMIT_IP per hour); the per-phone limits live in the service. */
  send: Limit;
  /** Checks and code attempts per IP (SSO_CHECK_LIMIT_IP per minute). */
  check: Limit;
}

/**
 * Per-IP limits on @fastify/rate-limit's store (in process, or Redis with REDIS_URL), shared by both route sets.
 * Exceeding one answers 429 `{ message, errors: { expiry_seconds } }`.
 */
export function createSsoLimits(app: FastifyInstance, config: SsoConfig): SsoLimits {
  const limit = (name: string, max: number, timeWindow: number): Limit => {
    const counter = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `sso-${name}:${request.ip}` });
    return async (request) => {
      const outcome = await counter(request);
      if (!outcome.isAllowed && outcome.isExceeded) throw throttled(outcome.ttlInSeconds);
    };
  };
  return {
    send: limit('send', config.sendLimitPerIp, 60 * 60 * 1000),
    check: limit('check', config.checkLimitPerIp, 60 * 1000),
  };
}
