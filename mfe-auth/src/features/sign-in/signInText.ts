/** Russian texts of the sign-in machine (spec §4, §8). */
export const CANCELLED_TEXT = 'Не удалось войти. Попробуйте повторно по истечению времени';
export const WRONG_CODE_FALLBACK = 'Неверный код. Попробуйте ещё раз.';
export const SESSION_FAILED_TEXT = 'Не удалось сохранить вход в этом браузере. Попробуйте ещё раз.';

export function welcomeText(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Добро пожаловать, ${trimmed}!` : 'Добро пожаловать!';
}
