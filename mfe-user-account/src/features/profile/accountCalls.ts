import { http, type AccountSettingsResponse, type AuthCheckResponse, type SignInRequestResponse } from '@excursio/shared';

const A = '/api/excursion/user/account';

/** The calls of the profile page: the account's settings, name, e-mail with its code, deleting the account. */
export const accountCalls = {
  settings: () => http.request<AccountSettingsResponse>('GET', A),
  rename: (name: string) => http.request<AccountSettingsResponse>('PUT', `${A}/name`, { body: { name } }),
  requestEmail: (email: string) => http.request<AccountSettingsResponse>('POST', `${A}/email`, { body: { email } }),
  confirmEmail: (code: string) => http.request<AccountSettingsResponse>('POST', `${A}/email/confirm`, { body: { code } }),
  setReminders: (enabled: boolean) => http.request<AccountSettingsResponse>('PUT', `${A}/email-reminders`, { body: { enabled } }),
  removeEmail: () => http.request<AccountSettingsResponse>('DELETE', `${A}/email`),
  setAvatar: (imageId: number) => http.request<AccountSettingsResponse>('PUT', `${A}/avatar`, { body: { image_id: imageId } }),
  removeAvatar: () => http.request<AccountSettingsResponse>('DELETE', `${A}/avatar`),
  /** The new number is confirmed like a sign-in: its push, call or SMS, polled and verified by the request id. */
  changePhone: (phone: string) => http.request<SignInRequestResponse>('POST', `${A}/phone`, { body: { phone } }),
  checkPhone: (authReqId: string) => http.request<AuthCheckResponse>('POST', '/api/sso/auth/check', { body: { auth_req_id: authReqId } }),
  verifyPhone: (authReqId: string, code: string) =>
    http.request<AuthCheckResponse>('POST', '/api/sso/auth/verify', { body: { auth_req_id: authReqId, code } }),
  remove: () => http.request<null>('DELETE', A),
};
