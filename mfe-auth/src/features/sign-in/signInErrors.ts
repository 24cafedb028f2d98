import { ApiError } from '@excursio/shared';

/** The server's message for a badly formed phone (spec §5). */
export const PHONE_FORMAT_MESSAGE = 'The phone field format is invalid.';
export const INVALID_PHONE_TEXT = 'Введите корректный номер телефона';
export const REQUIRED_PHONE_TEXT = 'Введите номер телефона';
const FALLBACK_TEXT = 'Не удалось отправить запрос. Попробуйте ещё раз.';

/** Where a failed sign-in request is told: under the field, or in an error toast (spec §8). */
export type SignInFailure = { field: string } | { toast: string };

function mentionsPhoneFormat(error: ApiError): boolean {
  const phoneErrors = error.errors.phone;
  return (
    error.message === PHONE_FORMAT_MESSAGE ||
    (Array.isArray(phoneErrors) && phoneErrors.includes(PHONE_FORMAT_MESSAGE))
  );
}

export function describeSignInFailure(error: unknown): SignInFailure {
  if (error instanceof ApiError) {
    if (error.status === 422 && mentionsPhoneFormat(error)) return { field: INVALID_PHONE_TEXT };
    return { toast: error.message || FALLBACK_TEXT };
  }
  return { toast: FALLBACK_TEXT };
}

/** The text of an error toast for any sign-in failure. */
export function failureToast(error: unknown): string {
  const told = describeSignInFailure(error);
  return 'toast' in told ? told.toast : told.field;
}

/** A numeric field of a failure's `errors` (retry_count, expiry_seconds), if any. */
export function errorNumber(error: unknown, name: string): number | undefined {
  return error instanceof ApiError ? error.numberField(name) : undefined;
}

/** The message of a wrong code: the code field's first error, else the message. */
export function wrongCodeMessage(error: ApiError, fallback: string): string {
  const codeErrors = error.errors.code;
  const first = Array.isArray(codeErrors) ? codeErrors[0] : undefined;
  return (typeof first === 'string' && first) || error.message || fallback;
}
