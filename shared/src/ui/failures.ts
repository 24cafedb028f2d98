// What to tell the user about a failed call: plain functions, no stylesheet (a page that only needs these, or
// useAction, bundles no control styles).
import { ApiError, NETWORK_ERROR_MESSAGE } from '@excursio/shared';

/** Field errors of an api 422 (`errors.field[0]`), by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

/** A form's errors after a failed call: the fields of an api 422, or else the failure's text as the form's own (`form`). */
export function formErrors(error: unknown): Record<string, string> {
  const fields = fieldErrors(error);
  return Object.keys(fields).length > 0 ? fields : { form: failureText(error) };
}

/** What to tell the user when a call failed (never the api's English validation text). */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    if (error.status === 429) return 'Слишком много запросов. Подождите минуту и попробуйте ещё раз.';
    if (error.status >= 500) return 'Сервис временно недоступен. Попробуйте ещё раз через минуту.';
    if (error.status === 404) return 'Не найдено: возможно, запись удалена.';
    // a conflict is explained by the api in words meant for the user (no seats left, a number already taken …)
    if (error.status === 409 && error.message) return error.message;
  }
  return 'Не получилось. Проверьте данные и попробуйте ещё раз.';
}
