import { formatDate } from '@excursio/shared';
import { SERVICE_TIME_ZONE } from '@excursio/shared/time';

/**
 * A review written, a post published, a document updated: a day on the site's clock (SERVICE_TIME_ZONE). The same
 * day on the server that renders the page and in every browser — a visitor's own zone would move it around midnight,
 * and the page would no longer match the server's HTML.
 */
export function formatDay(value: string): string {
  return formatDate(value, { day: 'numeric', month: 'long', year: 'numeric', timeZone: SERVICE_TIME_ZONE });
}
