import Type, { type Static } from 'typebox';
import { envelope } from './common';
import { Profile } from './profile';

// Phone sign-in (spec §4, §7). Paths:
//   POST /api/sso/auth/request  {phone}                → data {auth_req_id, result, expiry_seconds}
//   POST /api/sso/auth/check    {auth_req_id}          → data {result, token?, user?, expiry_seconds}
//   POST /api/sso/auth/verify   {auth_req_id, code}    → data {result: 'accessed', token, user}
//     wrong code: 422 {message, errors: {code: [msg], retry_count: n}}; throttled: 429 {message, errors: {expiry_seconds: n}}
// The separate flow with the spec's exact paths:
//   POST /api/sso/auth/send-phone-code {phone}                 → data {auth_id, result, expiry_seconds}
//   POST /api/sso/auth/auth-check      {auth_id}               → data {result, token?, user?, expiry_seconds}
//   POST /api/sso/auth/verify-code     {auth_id, verify_code}  → data {result, token, user}
//   POST /api/sso/login                {phone, verify_code, auth_id} → data {token, user} (auth_id: the caller's own request)

export const AuthResult = Type.Union([
  Type.Literal('await_code_push'),
  Type.Literal('await_code_call'),
  Type.Literal('await_code_sms'),
  Type.Literal('cancelled'),
  Type.Literal('accessed'),
]);
export type AuthResult = Static<typeof AuthResult>;

/** Phone as typed, digits only after the client strips the rest; validated to 'The phone field format is invalid.' */
export const SignInRequestBody = Type.Object({ phone: Type.String({ maxLength: 25 }) });
export type SignInRequestBody = Static<typeof SignInRequestBody>;

export const SignInRequestResponse = envelope(
  Type.Object({ auth_req_id: Type.String(), result: AuthResult, expiry_seconds: Type.Integer() }),
);
export type SignInRequestResponse = Static<typeof SignInRequestResponse>;

export const AuthCheckBody = Type.Object({ auth_req_id: Type.String({ minLength: 1, maxLength: 100 }) });
export type AuthCheckBody = Static<typeof AuthCheckBody>;

export const AuthCheckData = Type.Object({
  result: AuthResult,
  /** Seconds left for the current stage (drives the countdown). */
  expiry_seconds: Type.Integer(),
  token: Type.Optional(Type.String()),
  user: Type.Optional(Profile),
});
export type AuthCheckData = Static<typeof AuthCheckData>;
export const AuthCheckResponse = envelope(AuthCheckData);
export type AuthCheckResponse = Static<typeof AuthCheckResponse>;

export const VerifyCodeBody = Type.Object({
  auth_req_id: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.String({ pattern: '^[0-9]{4}$', maxLength: 4 }),
});
export type VerifyCodeBody = Static<typeof VerifyCodeBody>;

// The separate flow (spec §4 item 9) with its own field names.
export const SendPhoneCodeBody = Type.Object({ phone: Type.String({ maxLength: 25 }) });
export const SendPhoneCodeResponse = envelope(
  Type.Object({ auth_id: Type.String(), result: AuthResult, expiry_seconds: Type.Integer() }),
);
export type SendPhoneCodeResponse = Static<typeof SendPhoneCodeResponse>;
export const AuthIdBody = Type.Object({ auth_id: Type.String({ minLength: 1, maxLength: 100 }) });
export const VerifyPhoneCodeBody = Type.Object({
  auth_id: Type.String({ minLength: 1, maxLength: 100 }),
  verify_code: Type.String({ pattern: '^[0-9]{4}$', maxLength: 4 }),
});
export const LoginBody = Type.Object({
  phone: Type.String({ maxLength: 25 }),
  verify_code: Type.String({ pattern: '^[0-9]{4}$', maxLength: 4 }),
  auth_id: Type.String({ minLength: 1, maxLength: 100 }),
});
export type LoginBody = Static<typeof LoginBody>;

/** Development outbox (APP_ENV=development only): what the dev PhoneChannel "sent". */
export const OutboxEntry = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('push'), Type.Literal('call'), Type.Literal('sms')]),
  phone: Type.String(),
  /** SMS code, or the calling number for a call (its last 4 digits are the code); null for a push. */
  code: Type.Union([Type.String(), Type.Null()]),
  calling_number: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('sent'), Type.Literal('confirmed'), Type.Literal('declined')]),
  created_at: Type.String(),
});
export type OutboxEntry = Static<typeof OutboxEntry>;
