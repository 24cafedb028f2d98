import { formatDate, pluralRu } from '@excursio/shared';

/** «2 дня 3 ч», «3 ч 15 мин», «12 мин», «меньше минуты»: how long an item has waited. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'меньше минуты';
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return hours % 24 ? `${pluralRu(days, ['день', 'дня', 'дней'])} ${hours % 24} ч` : pluralRu(days, ['день', 'дня', 'дней']);
  if (hours > 0) return minutes % 60 ? `${hours} ч ${minutes % 60} мин` : `${hours} ч`;
  return `${minutes} мин`;
}

/** «5 марта 2026, 14:05» (Moscow time unless the item has its own zone). */
export function formatDateTime(value: string, timeZone = 'Europe/Moscow'): string {
  return formatDate(value, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });
}

/** «5 мар.» for chart axes and tables of days (a YYYY-MM-DD Moscow day). */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00+03:00`, { day: 'numeric', month: 'short', timeZone: 'Europe/Moscow' });
}
