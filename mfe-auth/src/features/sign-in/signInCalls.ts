import { http, type AuthCheckResponse, type SignInRequestResponse } from '@excursio/shared';

/** The phone sign-in calls of spec §7; the modal is their only user. */
export const signInCalls = {
  /** Start a phone sign-in; `phone` is digits only (e.g. 79990000001). */
  requestSignIn: (phone: string) =>
    http.request<SignInRequestResponse>('POST', '/api/sso/auth/request', { body: { phone } }),
  checkSignIn: (authReqId: string) =>
    http.request<AuthCheckResponse>('POST', '/api/sso/auth/check', { body: { auth_req_id: authReqId } }),
  verifySignInCode: (authReqId: string, code: string) =>
    http.request<AuthCheckResponse>('POST', '/api/sso/auth/verify', { body: { auth_req_id: authReqId, code } }),
};

export type SignInCalls = typeof signInCalls;
