import type { ExcursionDetail, ExcursionEvent } from '@excursio/shared';

/** An event can be booked while the api's rule (`bookable`) leaves room for one order. */
export function isBookable(event: ExcursionEvent): boolean {
  return event.bookable > 0;
}

/** How many people one order may have on this event: the api's number (the group size until one is chosen). */
export function seatLimit(excursion: ExcursionDetail, event: ExcursionEvent | undefined): number {
  return event ? event.bookable : excursion.group_size_max;
}
