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
