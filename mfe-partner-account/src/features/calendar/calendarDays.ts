import { addDays, isoWeekday } from '@excursio/shared/time';

export type CalendarView = 'month' | 'week';

/** The days a view shows around a day: whole weeks (Monday first) of its month, or its week. */
export function viewDays(view: CalendarView, anchor: string): string[] {
  const monday = (day: string) => addDays(day, 1 - isoWeekday(day));
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(monday(anchor), i));
  const first = `${anchor.slice(0, 7)}-01`;
  const start = monday(first);
  const nextMonth = addDays(first, 32).slice(0, 7);
  const days: string[] = [];
  for (let day = start; days.length < 42; day = addDays(day, 1)) {
    if (day.slice(0, 7) === nextMonth && isoWeekday(day) === 1) break;
    days.push(day);
  }
  return days;
}

/** The anchor moved one view back or forward. */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  const [y = 0, m = 1] = anchor.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + step, 1));
  return date.toISOString().slice(0, 10);
}

const monthFormat = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T12:00:00Z`);

/** «Ноябрь 2026 г.», «23 ноября — 29 ноября». */
export function viewTitle(view: CalendarView, days: string[]): string {
  if (view === 'week') return `${dayFormat.format(at(days[0]!))} — ${dayFormat.format(at(days.at(-1)!))}`;
  const title = monthFormat.format(at(days[10]!));
  return title.charAt(0).toUpperCase() + title.slice(1);
}

export const dayLabel = (day: string) => dayFormat.format(at(day));
export const weekdayLabel = (day: string) => weekdayFormat.format(at(day));
export const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

/** «10:00, 14:30» → ['10:00', '14:30'], or null when a time is not HH:MM. */
export function parseTimes(text: string): string[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const times = parts.map((p) => (/^\d:\d\d$/.test(p) ? `0${p}` : p));
  return times.every((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t)) ? [...new Set(times)].sort() : null;
}
