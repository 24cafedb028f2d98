import type { RescheduleSlot } from '@excursio/shared';
import { addDays, dayKeyIn, isoWeekday } from '@excursio/shared/time';

/** The slots by their day on the excursion city's clock, days and slots in time order. */
export function slotsByDay(slots: readonly RescheduleSlot[], timeZone: string): Map<string, RescheduleSlot[]> {
  const days = new Map<string, RescheduleSlot[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))) {
    const key = dayKeyIn(slot.starts_at, timeZone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return days;
}

/** The weeks of a month ('YYYY-MM'), Monday first: day keys, null outside the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const cells: (string | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** «Май 2026» */
export function monthTitle(month: string): string {
  const text = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/\s?г\.$/, '');
}

/** «сб, 2 мая» */
export function dayTitle(day: string): string {
  return new Intl.DateTimeFormat('ru-RU', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
