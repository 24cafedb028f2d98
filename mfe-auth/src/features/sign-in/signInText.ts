import { DEFAULT_NAME } from '@excursio/shared/contracts';

/** Russian texts of the sign-in machine (spec §4, §8). */
export const CANCELLED_TEXT = 'Не удалось войти. Попробуйте повторно по истечению времени';
export const WRONG_CODE_FALLBACK = 'Неверный код. Попробуйте ещё раз.';
export const SESSION_FAILED_TEXT = 'Не удалось сохранить вход в этом браузере. Попробуйте ещё раз.';

/** The welcome toast; a new account (no name yet) is told where to give one. */
export function welcomeText(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return 'Добро пожаловать!';
  if (trimmed === DEFAULT_NAME) return 'Добро пожаловать! Укажите имя в профиле, чтобы гиды знали, как к вам обращаться.';
  return `Добро пожаловать, ${trimmed}!`;
}
