import type { ExcursionDetail, ExcursionEvent, PriceUnit } from '@excursio/shared';
import type { PriceLine } from '../../components/PriceBreakdown';

export type Counts = Record<string, number>;

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

/** The price lines of the chosen event (its weekend price included), or the excursion's own. */
export function unitsFor(excursion: ExcursionDetail, event: ExcursionEvent | undefined): PriceUnit[] {
  const units = event?.price_units.length ? event.price_units : excursion.price_units;
  if (units.length > 0) return units;
  return excursion.price_type === 'per_group'
    ? [{ code: 'group', name: `Группа до ${excursion.group_size_max} человек`, price: excursion.price }]
    : [{ code: 'adult', name: 'Взрослый', price: excursion.price }];
}

export function seatsOf(counts: Counts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** What the order costs and of which lines, as the api prices it (per group: the group price for up to its size). */
export function priceOf(excursion: ExcursionDetail, event: ExcursionEvent | undefined, counts: Counts): { lines: PriceLine[]; total: number } {
  const units = unitsFor(excursion, event);
  const seats = seatsOf(counts);
  if (excursion.price_type === 'per_group') {
    const group = units[0]!;
    const price = event?.price ?? group.price;
    return seats > 0 ? { lines: [{ label: `${group.name}, ${seats} чел.`, amount: price }], total: price } : { lines: [], total: 0 };
  }
  const lines = units
    .filter((u) => (counts[u.code] ?? 0) > 0)
    .map((u) => ({ label: `${u.name} × ${counts[u.code]}`, amount: u.price * (counts[u.code] ?? 0) }));
  return { lines, total: lines.reduce((sum, l) => sum + l.amount, 0) };
}

/** Counts only of the units that exist (a draft may hold codes of another price list). */
export function countsFor(units: readonly PriceUnit[], counts: Counts): Counts {
  return Object.fromEntries(units.map((u) => [u.code, Math.max(0, Math.floor(counts[u.code] ?? 0))]));
}
