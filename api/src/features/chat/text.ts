import { CHAT_MESSAGE_MAX_LENGTH } from '@excursio/shared/contracts';
import { fieldError } from '../../http/http-error';

export const EMPTY_MESSAGE = 'Напишите сообщение.';
export const LONG_MESSAGE = `Сообщение длиннее ${CHAT_MESSAGE_MAX_LENGTH} символов.`;

/** Counted as people see it: «👍» is one character, not two UTF-16 units. */
const lengthOf = (text: string) => [...text].length;

/** The message as it will be stored (trimmed), or a 422 with the reason in Russian under `errors.text`. */
export function chatText(body: unknown): string {
  const raw = typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') throw fieldError('text', EMPTY_MESSAGE);
  if (lengthOf(text) > CHAT_MESSAGE_MAX_LENGTH) throw fieldError('text', LONG_MESSAGE);
  return text;
}
