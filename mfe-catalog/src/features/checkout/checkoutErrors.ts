import { ApiError } from '@excursio/shared';

export type OrderField = 'event' | 'participants' | 'name' | 'phone' | 'comment' | 'form';
export type OrderErrors = Partial<Record<OrderField, string>>;

export const PHONE_INVALID = 'Введите корректный номер телефона';
export const NAME_REQUIRED = 'Укажите имя, на которое оформить заказ';

/** The form field an api error key belongs to. */
function fieldOf(key: string): OrderField {
  if (key === 'event_id') return 'event';
  if (key.startsWith('participants')) return 'participants';
  if (key === 'contact_name') return 'name';
  if (key === 'contact_phone') return 'phone';
  if (key === 'comment') return 'comment';
  return 'form';
}

/** Russian words for the api's messages that come in English (Laravel-style field rules). */
function russian(field: OrderField, message: string): string {
  if (/[а-яё]/i.test(message)) return message;
  switch (field) {
    case 'phone':
      return PHONE_INVALID;
    case 'name':
      return NAME_REQUIRED;
    case 'comment':
      return 'Комментарий слишком длинный: не больше 1000 знаков.';
    case 'participants':
      return 'Проверьте число участников.';
    case 'event':
      return 'Выберите другую дату и время.';
    default:
      return 'Проверьте данные заказа.';
  }
}

/** Field messages of a failed order call (422 validation, 409 no seats); anything else is one form message. */
export function orderErrorsOf(error: unknown): OrderErrors {
  if (!(error instanceof ApiError)) return { form: 'Не удалось оформить заказ. Попробуйте ещё раз.' };
  const out: OrderErrors = {};
  for (const [key, value] of Object.entries(error.errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first !== 'string') continue;
    const field = fieldOf(key);
    out[field] ??= russian(field, first);
  }
  if (Object.keys(out).length === 0) out.form = /[а-яё]/i.test(error.message) ? error.message : 'Не удалось оформить заказ. Попробуйте ещё раз.';
  return out;
}
