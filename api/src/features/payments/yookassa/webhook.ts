import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../../deps';
import { HttpError } from '../../../http/http-error';
import { errorResponses } from '../../../http/schemas';
import { loggedBroadcaster } from '../../notifications/after-commit';
import { ProviderUnavailableError } from '../provider';
import { settleFromProvider } from '../settle';
import { isYookassaSender } from './senders';

export const YOOKASSA_WEBHOOK_PATH = '/api/payments/yookassa/notifications';

/** What we read of a notification: only which object it is about (its status is re-read from ЮKassa). */
const Notification = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 40 })),
  event: Type.String({ maxLength: 60 }),
  object: Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) }),
});

/**
 * ЮKassa's notifications. Nothing in the body is trusted: the sender must be one of ЮKassa's published addresses
 * (the client address behind TRUST_PROXY), and the payment is re-read with GET /v3/payments/{id} before anything
 * changes; only a pending payment of ours changes, so replays and out-of-order notifications change nothing.
 * 200 acknowledges; 503 (ЮKassa unreachable for the re-read) makes ЮKassa send it again — the worker re-reads too.
 */
export const yookassaWebhookRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, broadcaster, payments, clock }) => {
  const realtime = loggedBroadcaster(broadcaster, app.log);
  app.post(
    YOOKASSA_WEBHOOK_PATH,
    {
      schema: {
        summary: 'ЮKassa notifications (payment.succeeded, payment.canceled, refund.succeeded): sender address checked, payment re-read',
        tags: ['payments'],
        body: Notification,
        response: { 200: Type.Object({ status: Type.Boolean() }), ...errorResponses(403, 422, 503) },
      },
      // the sender is checked before the body is even parsed
      onRequest: async (request) => {
        if (!isYookassaSender(request.ip)) {
          request.log.warn({ ip: request.ip }, 'yookassa: notification from an address outside ЮKassa ranges refused');
          throw new HttpError(403, 'Forbidden.');
        }
      },
    },
    async (request) => {
      const { event, object } = request.body;
      if (!event.startsWith('payment.')) return { status: true };
      try {
        const outcome = await settleFromProvider({ db, broadcaster: realtime, providers: payments, log: request.log }, 'yookassa', object.id, clock.now());
        request.log.info({ event, paymentId: object.id, outcome }, 'yookassa: notification handled');
      } catch (error) {
        // whatever kept the re-read from answering (ЮKassa down, refused credentials): ЮKassa sends it again later
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        request.log.warn({ event, paymentId: object.id, unavailable: error instanceof ProviderUnavailableError, reason }, 'yookassa: re-read failed');
        throw new HttpError(503, 'ЮKassa недоступна, повторите уведомление позже.', {});
      }
      return { status: true };
    },
  );
};
