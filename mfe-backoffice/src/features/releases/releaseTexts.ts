/** The apps' names in the back office (their folders are the registry's names). */
export const APP_NAMES: Record<string, string> = {
  shell: 'Оболочка',
  'mfe-catalog': 'Каталог',
  'mfe-auth': 'Вход',
  'mfe-user-account': 'Кабинет клиента',
  'mfe-partner-account': 'Кабинет партнёра',
  'mfe-notifications': 'Уведомления',
  'mfe-backoffice': 'Бэк-офис',
};

export const appName = (app: string) => APP_NAMES[app] ?? app;

/** What a pointer change did, as the history shows it. */
export const ACTIONS: Record<string, string> = {
  release: 'Выпуск',
  canary: 'Канарейка',
  promote: 'Канарейка стала основной',
  rollback: 'Откат',
  auto_rollback: 'Автооткат канарейки',
};

/** «12,5 %» */
export const percent = (rate: number) => `${(rate * 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;

/** «1,6 МБ», «820 КБ» */
export function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`;
  return `${Math.round(bytes / 1024).toLocaleString('ru-RU')} КБ`;
}
