import type { ExcursionDetail, ExcursionEvent } from '@excursio/shared';

/** An event can be booked when it has room; an individual excursion needs the whole slot free. */
export function isBookable(excursion: ExcursionDetail, event: ExcursionEvent): boolean {
  return excursion.format === 'individual' ? event.seats_left > 0 && event.seats_left >= event.capacity : event.seats_left > 0;
}

/** The seats the calendar shows: an individual excursion's slot is whole or taken. */
export function calendarEvents(excursion: ExcursionDetail, events: readonly ExcursionEvent[]): ExcursionEvent[] {
  return events.map((e) =>
    isBookable(excursion, e) ? { ...e, seats_left: Math.min(e.seats_left, excursion.group_size_max) } : { ...e, seats_left: 0 },
  );
}

/** How many people one order may have on this event (the group size, and the seats left of a group slot). */
export function seatLimit(excursion: ExcursionDetail, event: ExcursionEvent | undefined): number {
  if (!event) return excursion.group_size_max;
  if (excursion.format === 'individual') return excursion.group_size_max;
  return Math.min(excursion.group_size_max, event.seats_left);
}
