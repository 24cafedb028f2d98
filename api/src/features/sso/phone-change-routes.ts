import { SignInRequestBody, SignInRequestResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthGuards } from '../auth/guard';
import { currentUser } from '../auth/guard';
import { fieldError, HttpError } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { PHONE_TAKEN, phoneTaken } from './accounts';
import type { SsoRouteOptions } from './modal-routes';
import { requirePhone } from './phone';
import { startErrors } from './schemas';

/**
 * Changing the phone of the signed-in account: the new number is confirmed through the sign-in's own channels (push,
 * incoming call, SMS), polled and verified with the modal's calls (`/api/sso/auth/check`, `/api/sso/auth/verify`) by
 * the returned auth_req_id; once confirmed, the account has the new number and the answer carries a fresh token.
 */
export const phoneChangeRoutes: FastifyPluginAsyncTypebox<SsoRouteOptions & { auth: AuthGuards }> = async (app, { service, limits, auth }) => {
  app.post(
    '/api/excursion/user/account/phone',
    {
      onRequest: [auth.requireUser, limits.send],
      schema: {
        summary: 'Change my phone: the new number gets the sign-in confirmation (push, call, SMS); poll /api/sso/auth/check',
        tags: ['account'],
        security: bearerSecurity,
        body: SignInRequestBody,
        response: { 200: SignInRequestResponse, ...startErrors, ...errorResponses(401, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const phone = requirePhone(request.body.phone);
      if (phone === user.phone) throw fieldError('phone', 'Это ваш текущий номер.');
      if (await phoneTaken(service.database, phone, user.id)) throw new HttpError(409, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
      const started = await service.start(phone, { changeForUserId: user.id });
      return { status: true, data: { auth_req_id: started.authReqId, result: started.result, expiry_seconds: started.expirySeconds } };
    },
  );
};
