import type { OrderExcursion } from '@excursio/shared';
import { formatEventMoment, formatEventShort, timeZoneNote } from '@excursio/shared/time';

interface ZonedOrder {
  excursion: Pick<OrderExcursion, 'time_zone'>;
  event: { starts_at: string };
}

/** Adds «(время местное, UTC+4)» when the excursion city's clock is not the visitor's. */
function saidInZone(text: string, order: ZonedOrder, at: string): string {
  const note = timeZoneNote(order.excursion.time_zone, at);
  return note ? `${text} (${note})` : text;
}

/** «суббота, 2 мая 2026 г., 10:00» in the excursion city's zone. */
export function orderStart(order: ZonedOrder): string {
  return saidInZone(formatEventMoment(order.event.starts_at, order.excursion.time_zone), order, order.event.starts_at);
}

/** Another moment of the order (its payment), «1 апреля, 13:05», in the same zone as its start. */
export function orderMoment(order: ZonedOrder, iso: string): string {
  return saidInZone(formatEventShort(iso, order.excursion.time_zone), order, iso);
}
