import { formatDate } from '@excursio/shared';

/** The site's clock for the catalog's calendar dates. */
export const CATALOG_TIME_ZONE = 'Europe/Moscow';

/**
 * A review written, a post published, a document updated: a day on the site's clock (Moscow). The same day on the
 * server that renders the page and in every browser — a visitor's own zone would move it around midnight, and the
 * page would no longer match the server's HTML.
 */
export function formatDay(value: string): string {
  return formatDate(value, { day: 'numeric', month: 'long', year: 'numeric', timeZone: CATALOG_TIME_ZONE });
}
