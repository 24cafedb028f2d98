import {
  AuthCheckBody,
  AuthCheckResponse,
  SignInRequestBody,
  SignInRequestResponse,
  VerifyCodeBody,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MODAL_FIELDS } from './errors';
import type { SsoLimits } from './limits';
import { requirePhone } from './phone';
import { ssoErrors, startErrors } from './schemas';
import type { SsoService } from './service';

export interface SsoRouteOptions {
  service: SsoService;
  limits: SsoLimits;
}

/** The sign-in modal's calls (spec §7 "path not shown"): request → check (polled) → verify. */
export const modalSignInRoutes: FastifyPluginAsyncTypebox<SsoRouteOptions> = async (app, { service, limits }) => {
  app.post(
    '/api/sso/auth/request',
    {
      onRequest: limits.send,
      schema: {
        summary: 'Starts a phone sign-in: a push on the SIM, then an incoming call, then an SMS',
        tags: ['sso'],
        body: SignInRequestBody,
        response: { 200: SignInRequestResponse, ...startErrors },
      },
    },
    async (request) => {
      const started = await service.start(requirePhone(request.body.phone));
      return {
        status: true,
        data: { auth_req_id: started.authReqId, result: started.result, expiry_seconds: started.expirySeconds },
      };
    },
  );

  app.post(
    '/api/sso/auth/check',
    {
      onRequest: limits.check,
      schema: {
        summary: 'Where a sign-in stands (polled every 2 s); token and user once accessed',
        tags: ['sso'],
        body: AuthCheckBody,
        response: { 200: AuthCheckResponse, ...ssoErrors },
      },
    },
    async (request) => ({ status: true, data: await service.check(request.body.auth_req_id, MODAL_FIELDS) }),
  );

  app.post(
    '/api/sso/auth/verify',
    {
      onRequest: limits.check,
      schema: {
        summary: 'Verifies the 4-digit code (last digits of the calling number, or the SMS code)',
        tags: ['sso'],
        body: VerifyCodeBody,
        response: { 200: AuthCheckResponse, ...ssoErrors },
      },
    },
    async (request) => {
      const session = await service.verify(request.body.auth_req_id, request.body.code, MODAL_FIELDS);
      return { status: true, data: { result: 'accessed' as const, expiry_seconds: 0, ...session } };
    },
  );
};
