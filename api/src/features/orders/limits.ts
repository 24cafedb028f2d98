import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrdersConfig } from '../../config';
import { throttled } from '../sso/errors';
import { currentUser } from '../auth/guard';

/** `Idempotency-Key` of an order creation (optional): letters, digits, `-_.:`, up to 200 characters. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 200, pattern: '^[A-Za-z0-9._:-]+$' })),
});

const HOUR_MS = 60 * 60 * 1000;

/**
 * Orders one account and one IP may create per hour (ORDER_CREATE_LIMIT_ACCOUNT / _IP), on @fastify/rate-limit's
 * store (in process, or Redis with REDIS_URL). Runs after the auth guard. 429 `{ message, errors: { expiry_seconds } }`.
 */
export function createOrderLimits(
  app: FastifyInstance,
  config: Pick<OrdersConfig, 'createLimitPerAccount' | 'createLimitPerIp'>,
): (request: FastifyRequest) => Promise<void> {
  const perAccount = app.createRateLimit({
    max: config.createLimitPerAccount,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `order-create-account:${currentUser(request).id}`,
  });
  const perIp = app.createRateLimit({
    max: config.createLimitPerIp,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `order-create-ip:${request.ip}`,
  });
  return async (request) => {
    for (const counter of [perAccount, perIp]) {
      const outcome = await counter(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        throw throttled(outcome.ttlInSeconds, 'Слишком много заказов подряд. Попробуйте позже.');
      }
    }
  };
}
