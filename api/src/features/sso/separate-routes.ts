import {
  AuthCheckResponse,
  AuthIdBody,
  AuthSession,
  envelope,
  LoginBody,
  SendPhoneCodeBody,
  SendPhoneCodeResponse,
  VerifyPhoneCodeBody,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SEPARATE_FIELDS } from './errors';
import { requirePhone } from './phone';
import type { SsoRouteOptions } from './modal-routes';
import { ssoErrors, startErrors } from './schemas';

const LoginResponse = envelope(AuthSession);

/** The separate flow of spec §4 item 9 with the exact paths of §7: the same state machine as the modal's. */
export const separateSignInRoutes: FastifyPluginAsyncTypebox<SsoRouteOptions> = async (app, { service, limits }) => {
  app.post(
    '/api/sso/auth/send-phone-code',
    {
      onRequest: limits.send,
      schema: {
        summary: 'Starts a phone sign-in (separate flow): data.auth_id',
        tags: ['sso'],
        body: SendPhoneCodeBody,
        response: { 200: SendPhoneCodeResponse, ...startErrors },
      },
    },
    async (request) => {
      const started = await service.start(requirePhone(request.body.phone));
      return {
        status: true,
        data: { auth_id: started.authReqId, result: started.result, expiry_seconds: started.expirySeconds },
      };
    },
  );

  app.post(
    '/api/sso/auth/auth-check',
    {
      onRequest: limits.check,
      schema: {
        summary: 'Where a sign-in stands (separate flow)',
        tags: ['sso'],
        body: AuthIdBody,
        response: { 200: AuthCheckResponse, ...ssoErrors },
      },
    },
    async (request) => ({ status: true, data: await service.check(request.body.auth_id, SEPARATE_FIELDS) }),
  );

  app.post(
    '/api/sso/auth/verify-code',
    {
      onRequest: limits.check,
      schema: {
        summary: 'Verifies the code of a sign-in (separate flow): token and user',
        tags: ['sso'],
        body: VerifyPhoneCodeBody,
        response: { 200: AuthCheckResponse, ...ssoErrors },
      },
    },
    async (request) => {
      const session = await service.verify(request.body.auth_id, request.body.verify_code, SEPARATE_FIELDS);
      return { status: true, data: { result: 'accessed' as const, expiry_seconds: 0, ...session } };
    },
  );

  app.post(
    '/api/sso/login',
    {
      onRequest: limits.check,
      schema: {
        summary: 'Signs in with the phone and the code of its sign-in request (auth_id, required)',
        tags: ['sso'],
        body: LoginBody,
        response: { 200: LoginResponse, ...ssoErrors },
      },
    },
    async (request) => {
      const { phone, verify_code: code, auth_id: authId } = request.body;
      return { status: true, data: await service.login(requirePhone(phone), code, authId) };
    },
  );
};
