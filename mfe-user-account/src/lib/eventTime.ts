import { formatDate } from '@excursio/shared';

/** Events are scheduled in Moscow time (the api has no zone per city). */
export const EVENT_TIME_ZONE = 'Europe/Moscow';

/** «суббота, 2 мая 2026 г., 10:00». */
export function formatEventMoment(iso: string): string {
  return formatDate(iso, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: EVENT_TIME_ZONE,
  });
}

export function formatMoment(iso: string): string {
  return formatDate(iso, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: EVENT_TIME_ZONE });
}
