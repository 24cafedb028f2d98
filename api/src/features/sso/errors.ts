import { attributeName, HttpError } from '../../http/http-error';

/** The field names of a route set: `auth_req_id`/`code` (modal) or `auth_id`/`verify_code` (the separate flow). */
export interface FlowFields {
  id: 'auth_req_id' | 'auth_id';
  code: 'code' | 'verify_code';
}

export const MODAL_FIELDS: FlowFields = { id: 'auth_req_id', code: 'code' };
export const SEPARATE_FIELDS: FlowFields = { id: 'auth_id', code: 'verify_code' };

export const WRONG_CODE_MESSAGE = 'Неверный код';
export const DEAD_REQUEST_MESSAGE = 'Запрос на вход больше не действует. Запросите код повторно.';
export const THROTTLED_MESSAGE = 'Слишком много попыток. Повторите позже.';
export const CODES_LOCKED_MESSAGE =
  'Слишком много неверных кодов для этого номера. Войдите, подтвердив запрос на телефоне, или повторите позже.';
export const PUSHES_SPENT_MESSAGE = 'Слишком много запросов входа на этот номер. Повторите позже.';
export const UNAVAILABLE_MESSAGE = 'Вход по телефону временно недоступен. Попробуйте позже.';

/**
 * An HttpError whose `errors` also carry numbers (retry_count, expiry_seconds): the error handler sends
 * `errors` as given, and the ErrorResponse contract allows any value per key.
 */
function withNumbers(status: number, message: string, errors: Record<string, string[] | number>): HttpError {
  return new HttpError(status, message, errors as unknown as Record<string, string[]>);
}

/** 422 for a wrong code: `errors.retry_count` attempts are left (0: the request is dead). */
export function wrongCode(fields: FlowFields, retryCount: number, message = WRONG_CODE_MESSAGE): HttpError {
  return withNumbers(422, message, { [fields.code]: [message], retry_count: retryCount });
}

/** 422 for an attempt on a request that is cancelled or expired. */
export const deadRequest = (fields: FlowFields): HttpError => wrongCode(fields, 0, DEAD_REQUEST_MESSAGE);

/** 422 for an auth request id that is unknown, malformed or already spent. */
export function unknownRequest(fields: FlowFields): HttpError {
  const message = `The selected ${attributeName(fields.id)} is invalid.`;
  return new HttpError(422, message, { [fields.id]: [message] });
}

/** 429 with the seconds to wait in `errors.expiry_seconds` (the modal restarts its countdown with it). */
export function throttled(expirySeconds: number, message = THROTTLED_MESSAGE): HttpError {
  return withNumbers(429, message, { expiry_seconds: Math.max(1, expirySeconds) });
}

/**
 * 429 when the phone's daily code budget is used up: code entry is locked for `expirySeconds`, the push still works
 * (a new sign-in request sends one).
 */
export function codesLocked(fields: FlowFields, expirySeconds: number): HttpError {
  return withNumbers(429, CODES_LOCKED_MESSAGE, {
    [fields.code]: [CODES_LOCKED_MESSAGE],
    expiry_seconds: Math.max(1, expirySeconds),
  });
}

/** 503 when no channel can deliver codes. */
export const unavailable = (): HttpError => new HttpError(503, UNAVAILABLE_MESSAGE);
