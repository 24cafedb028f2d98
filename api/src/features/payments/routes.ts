import { OrderIdParams, PaymentStartResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { loggedBroadcaster } from '../notifications/after-commit';
import { TEST_PAYMENT_PATH } from './provider';
import { completePayment, findPayment, startPayment } from './service';
import { TEST_PAGE_CSP, testPaymentPage } from './test-page';
import { yookassaWebhookRoutes } from './yookassa/webhook';

const PaymentIdParams = Type.Object({ payment_id: Type.String({ minLength: 1, maxLength: 120 }) });
const html = { 200: { description: 'HTML page', type: 'string' as const }, ...errorResponses(404) };
const redirect = { 303: { description: 'Back to the order page /account/user/{order_id}', type: 'null' as const }, ...errorResponses(404) };

/** Paying the prepayment, and the built-in test provider's page. */
export const paymentsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { db, auth, config, broadcaster, clock, payments } = deps;
  const realtime = loggedBroadcaster(broadcaster, app.log);
  // The test page posts plain HTML forms (no fields are read).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => {
    done(null, {});
  });

  app.post(
    '/api/excursion/user/order/:id/pay',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Start paying the prepayment: send the customer to confirmation_url (idempotent while pending)',
        tags: ['orders'],
        security: bearerSecurity,
        params: OrderIdParams,
        response: { 200: PaymentStartResponse, ...errorResponses(401, 404, 422, 503) },
      },
    },
    async (request, reply) => {
      if (!payments.current) {
        return reply.code(503).send({ message: 'Онлайн-оплата временно недоступна. Попробуйте позже.' });
      }
      const input = { orderId: request.params.id, customerId: currentUser(request).id, now: clock.now(), publicUrl: config.publicUrl };
      return { status: true, data: await startPayment(db, payments.current, input) };
    },
  );
  if (config.paymentProvider === 'yookassa') await app.register(yookassaWebhookRoutes, deps);
  if (config.paymentProvider !== 'test') return;

  app.get(
    `${TEST_PAYMENT_PATH}/:payment_id`,
    {
      schema: { summary: 'Test provider: the «Тестовая оплата» page', tags: ['payments'], params: PaymentIdParams, response: html },
    },
    async (request, reply) => {
      const payment = await findPayment(db, 'test', request.params.payment_id);
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', TEST_PAGE_CSP)
        .header('Cache-Control', 'no-store')
        .send(testPaymentPage(payment, TEST_PAYMENT_PATH, clock.now()));
    },
  );

  for (const [verb, outcome] of [
    ['confirm', 'succeeded'],
    ['decline', 'failed'],
  ] as const) {
    app.post(
      `${TEST_PAYMENT_PATH}/:payment_id/${verb}`,
      {
        schema: {
          summary: `Test provider: ${verb === 'confirm' ? 'pay' : 'decline'} (idempotent), then back to the order page`,
          tags: ['payments'],
          params: PaymentIdParams,
          response: redirect,
        },
      },
      async (request, reply) => {
        const { orderId } = await completePayment(db, realtime, {
          provider: 'test',
          externalId: request.params.payment_id,
          outcome,
          now: clock.now(),
        });
        return reply.code(303).header('Location', `/account/user/${orderId}`).send();
      },
    );
  }
};
