import { ApiError } from '@excursio/shared';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../lib/contractNames';

export const RATE_LIMITED_TEXT = 'Слишком много сообщений, подождите немного';
export const OFFLINE_TEXT = 'Не удалось отправить сообщение: нет связи с сервером. Текст сохранён — попробуйте ещё раз.';
export const SEND_FAILED_TEXT = 'Не удалось отправить сообщение. Текст сохранён — попробуйте ещё раз.';
export const NOT_A_PARTY_TEXT = 'Переписка по этому заказу вам недоступна.';
export const TOO_LONG_TEXT = `Сообщение не длиннее ${new Intl.NumberFormat('ru-RU').format(CHAT_MESSAGE_MAX_LENGTH)} символов.`;
const INVALID_TEXT = `Проверьте текст: он не может быть пустым и длиннее ${new Intl.NumberFormat('ru-RU').format(CHAT_MESSAGE_MAX_LENGTH)} символов.`;

const inRussian = (text: string): boolean => /[А-Яа-яЁё]/.test(text);

/** What the field says when a message was not sent (the text stays in the field). */
export function sendErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return SEND_FAILED_TEXT;
  switch (error.status) {
    case 0:
      return OFFLINE_TEXT;
    case 404:
      return NOT_A_PARTY_TEXT;
    case 429:
      return RATE_LIMITED_TEXT;
    case 422: {
      // the server's message for the field, when it speaks Russian
      const field = error.errors.text;
      const first = Array.isArray(field) && typeof field[0] === 'string' ? field[0] : error.message;
      return inRussian(first) ? first : INVALID_TEXT;
    }
    default:
      return SEND_FAILED_TEXT;
  }
}

export const PROPOSAL_FAILED_TEXT = 'Не получилось ответить гиду. Попробуйте ещё раз.';

/** Why a tap on a proposed time did not go through: the server's words (seats gone, the proposal over) when in Russian. */
export function proposalErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return PROPOSAL_FAILED_TEXT;
  if (error.status === 0) return 'Нет связи с сервером. Попробуйте ещё раз.';
  return inRussian(error.message) ? error.message : PROPOSAL_FAILED_TEXT;
}
