import type { GroupGathering } from '@excursio/shared/contracts';
import { dayKeyIn, timeZoneNote } from '@excursio/shared/time';

/** What the calendar needs of an event (a bookable slot of an excursion). */
export interface CalendarEvent {
  id: number;
  /** ISO date-time with offset. */
  starts_at: string;
  seats_left: number;
  /** How many people one order can book on it now (the api's rule). */
  bookable: number;
  /** A group that gathers (issue 32 §1); null or absent: the slot runs whatever the number. */
  gathering?: GroupGathering | null;
}

/** A slot whose group is still below its minimum (not yet gathered, not run anyway by the partner). */
export const isGathering = (event: CalendarEvent): boolean =>
  Boolean(event.gathering && !event.gathering.confirmed && event.gathering.booked < event.gathering.min);

/** Events grouped by their day in the excursion's zone, days and events in time order. */
export function groupByDay<T extends CalendarEvent>(events: readonly T[], timeZone: string): Map<string, T[]> {
  const sorted = [...events].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const days = new Map<string, T[]>();
  for (const event of sorted) {
    const key = dayKeyIn(event.starts_at, timeZone);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  return days;
}

/** 'YYYY-MM' of a day key. */
export function monthOf(key: string): string {
  return key.slice(0, 7);
}

/** The cells of a month, Monday first: day keys, with nulls before the 1st and after the last day. */
export function monthGrid(month: string): (string | null)[] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, mon - 1, 1));
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d += 1) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** The day key `days` days after `key` (negative: before). */
export function shiftDay(key: string, days: number): string {
  const date = keyToDate(key);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every 'YYYY-MM' from `first` to `last`, both included. */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = monthOf(shiftDay(`${month}-28`, 7))) months.push(month);
  return months;
}

/** A day key as a Date at noon UTC (safe to format in any zone without changing the day). */
export function keyToDate(key: string): Date {
  return new Date(`${key}T12:00:00Z`);
}

// Made once: a calendar formats ~40 cells per render, and a new Intl.DateTimeFormat costs ~0.1 ms (it was 17 % of a
// server render of an excursion page).
const monthFormat = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', weekday: 'short', timeZone: 'UTC' });
const slotFormats = new Map<string, Intl.DateTimeFormat>();

export function formatMonth(month: string): string {
  const text = monthFormat.format(keyToDate(`${month}-01`));
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/\s?г\.$/, '');
}

export function formatDay(key: string): string {
  return dayFormat.format(keyToDate(key));
}

/**
 * «сб, 2 мая в 10:00» in the excursion's zone, with «(время местное, UTC+4)» when the visitor's clock differs
 * (`visitorZone` null: not known yet, as in the server's HTML — no note).
 */
export function formatSlot(iso: string, timeZone: string, visitorZone: string | null): string {
  let slotFormat = slotFormats.get(timeZone);
  if (!slotFormat) {
    slotFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone });
    slotFormats.set(timeZone, slotFormat);
  }
  const moment = slotFormat.format(new Date(iso));
  const note = visitorZone ? timeZoneNote(timeZone, iso, visitorZone) : null;
  return note ? `${moment} (${note})` : moment;
}
