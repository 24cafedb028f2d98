import { formatDate } from '@excursio/shared';

/** «2 мая, 10:05» in the reader’s time (Intl ru-RU); the year only when it is not this one. */
export function shortDateTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === now.getFullYear();
  return formatDate(date, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), hour: '2-digit', minute: '2-digit' });
}
