import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { currentUser } from '../auth/guard';

/** Messages one user may send per minute, across all their chats and tabs. */
export const CHAT_SEND_LIMIT = 20;
export const CHAT_THROTTLED_MESSAGE = 'Слишком много сообщений. Подождите минуту.';

/**
 * Per-user send limit on @fastify/rate-limit's store (in process, or Redis with REDIS_URL, so several api processes
 * count together). Used after the auth guard: it needs the user.
 */
export function createChatSendLimit(app: FastifyInstance, max = CHAT_SEND_LIMIT): (request: FastifyRequest) => Promise<void> {
  const counter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-send:${currentUser(request).id}`,
  });
  return async (request) => {
    const outcome = await counter(request);
    if (!outcome.isAllowed && outcome.isExceeded) {
      throw new HttpError(429, CHAT_THROTTLED_MESSAGE, { text: [CHAT_THROTTLED_MESSAGE] });
    }
  };
}
