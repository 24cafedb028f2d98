import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { pluralRu } from '@excursio/shared';
import { formatClock, timeZoneNote } from '@excursio/shared/time';
import { useVisitorTimeZone } from './useVisitorTimeZone';
import { formatDay, formatMonth, groupByDay, isGathering, monthGrid, monthOf, monthRange, shiftDay, type CalendarEvent } from './calendar';
import './event-calendar.css';

const WEEKDAYS: Array<[string, string]> = [
  ['Пн', 'понедельник'],
  ['Вт', 'вторник'],
  ['Ср', 'среда'],
  ['Чт', 'четверг'],
  ['Пт', 'пятница'],
  ['Сб', 'суббота'],
  ['Вс', 'воскресенье'],
];
export const SEAT_FORMS = ['место', 'места', 'мест'] as const;

/**
 * What a time says about room, from the api's `bookable` (the order form's limit): the seats left when they are the
 * limit, else how many one order may have (an individual excursion, or a group larger than one order).
 */
export function seatsText(event: CalendarEvent): string {
  if (event.bookable <= 0) return 'мест нет';
  if (event.bookable >= event.seats_left) return `осталось ${pluralRu(event.seats_left, SEAT_FORMS)}`;
  return `до ${pluralRu(event.bookable, ['человека', 'человек', 'человек'])}`;
}

/** The mark of a day whose group gathers: a shape and the legend's words, never a colour alone. */
const GATHERING_MARK = '◐';

/** A day's accessible name: the date, whether there is room, and whether a group there still gathers. */
export function dayLabel(key: string, dayEvents: readonly CalendarEvent[] | undefined): string {
  if (!dayEvents) return `${formatDay(key)}: экскурсий нет`;
  const free = dayEvents.some((e) => e.bookable > 0);
  const gathering = free && dayEvents.some((e) => e.bookable > 0 && isGathering(e));
  return `${formatDay(key)}: ${free ? 'есть места' : 'мест нет'}${gathering ? ', группа набирается' : ''}`;
}

interface EventCalendarProps<T extends CalendarEvent> {
  events: readonly T[];
  selectedId?: number | null;
  onSelect: (event: T) => void;
  /** The excursion's city zone (IANA), so times read as on the spot. */
  timeZone: string;
}

/** Where a key press moves the focused day (the ARIA date-grid pattern), or null for keys the grid leaves alone. */
function targetDay(key: string, from: string, shift: boolean): string | null {
  const weekday = (new Date(`${from}T12:00:00Z`).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(from, -1);
    case 'ArrowRight':
      return shiftDay(from, 1);
    case 'ArrowUp':
      return shiftDay(from, -7);
    case 'ArrowDown':
      return shiftDay(from, 7);
    case 'Home':
      return shiftDay(from, -weekday);
    case 'End':
      return shiftDay(from, 6 - weekday);
    case 'PageUp':
    case 'PageDown': {
      // the same day of the previous/next month (or year with Shift), the month's last day when it is shorter
      const [y, m, d] = from.split('-').map(Number) as [number, number, number];
      const step = (key === 'PageUp' ? -1 : 1) * (shift ? 12 : 1);
      const first = new Date(Date.UTC(y, m - 1 + step, 1));
      const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
      first.setUTCDate(Math.min(d, last));
      return first.toISOString().slice(0, 10);
    }
    default:
      return null;
  }
}

/**
 * A month calendar of the days with events (the ARIA date grid: one tab stop, arrows move by day and week, Home/End to
 * the week's ends, Page Up/Down by month); a chosen day lists its times with the seats left.
 */
export function EventCalendar<T extends CalendarEvent>({ events, selectedId, onSelect, timeZone }: EventCalendarProps<T>) {
  const days = useMemo(() => groupByDay(events, timeZone), [events, timeZone]);
  const dayKeys = [...days.keys()];
  const months = dayKeys.length ? monthRange(monthOf(dayKeys[0]!), monthOf(dayKeys[dayKeys.length - 1]!)) : [];
  const selectedDay = dayKeys.find((k) => days.get(k)?.some((e) => e.id === selectedId));
  const [day, setDay] = useState<string | undefined>(selectedDay ?? dayKeys[0]);
  const [focusDay, setFocusDay] = useState<string | undefined>(selectedDay ?? dayKeys[0]);
  const [month, setMonth] = useState<string | undefined>(monthOf(selectedDay ?? dayKeys[0] ?? ''));
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const visitorZone = useVisitorTimeZone();

  if (dayKeys.length === 0 || !month) {
    return <p className="cat-cal__empty">Ближайших дат пока нет. Загляните позже или выберите другую экскурсию.</p>;
  }
  const monthIndex = months.indexOf(month);
  const slots = day ? (days.get(day) ?? []) : [];
  const zoneNote = slots[0] && visitorZone ? timeZoneNote(timeZone, slots[0].starts_at, visitorZone) : null;
  const cells = monthGrid(month);
  // the legend of the mark, when the shown month has a day whose group gathers
  const gatheringShown = cells.some((key) => key && days.get(key)?.some((e) => e.bookable > 0 && isGathering(e)));
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  // the one day of the shown month that takes the tab stop
  const tabDay = focusDay && monthOf(focusDay) === month ? focusDay : day && monthOf(day) === month ? day : (dayKeys.find((k) => monthOf(k) === month) ?? `${month}-01`);

  const showMonth = (next: string | undefined) => {
    if (!next) return;
    setMonth(next);
    setFocusDay(dayKeys.find((k) => monthOf(k) === next) ?? `${next}-01`);
  };

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = targetDay(event.key, tabDay, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    // the grid spans the months with dates; it stops at their ends
    if (!months.includes(monthOf(next))) return;
    setFocusDay(next);
    setMonth(monthOf(next));
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus());
  };

  return (
    <div className="cat-cal">
      <div className="cat-cal__month">
        <div className="cat-cal__head">
          <button type="button" className="cat-cal__nav" aria-label="Предыдущий месяц" disabled={monthIndex <= 0} onClick={() => showMonth(months[monthIndex - 1])}>
            ‹
          </button>
          <h3 className="cat-cal__title" id={titleId} aria-live="polite">
            {formatMonth(month)}
          </h3>
          <button
            type="button"
            className="cat-cal__nav"
            aria-label="Следующий месяц"
            disabled={monthIndex < 0 || monthIndex >= months.length - 1}
            onClick={() => showMonth(months[monthIndex + 1])}
          >
            ›
          </button>
        </div>
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- the APG date picker: its grid is a table */}
        <table ref={grid} className="cat-cal__grid" role="grid" aria-labelledby={titleId} onKeyDown={onGridKey}>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, full]) => (
                <th key={short} scope="col" abbr={full} className="cat-cal__weekday">
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, w) => (
              <tr key={week.find(Boolean) ?? w}>
                {week.map((key, i) => {
                  // oxlint-disable-next-line jsx-a11y/control-has-associated-label -- a blank day before the 1st, not a control; hidden, it would move the row's days under the wrong weekdays
                  if (!key) return <td key={`pad-${i}`} className="cat-cal__pad" />;
                  const dayEvents = days.get(key);
                  const free = dayEvents?.some((e) => e.bookable > 0) ?? false;
                  const gathers = dayEvents?.some((e) => e.bookable > 0 && isGathering(e)) ?? false;
                  return (
                    // oxlint-disable-next-line jsx-a11y/no-redundant-roles -- said outright for jsdom's aria-query, which takes any td for a cell
                    <td key={key} role="gridcell" aria-selected={key === day}>
                      <button
                        type="button"
                        data-day={key}
                        tabIndex={key === tabDay ? 0 : -1}
                        className={`cat-cal__day${dayEvents ? ' cat-cal__day--has' : ''}${dayEvents && !free ? ' cat-cal__day--full' : ''}${key === day ? ' cat-cal__day--chosen' : ''}`}
                        aria-disabled={!dayEvents || undefined}
                        aria-label={dayLabel(key, dayEvents)}
                        onFocus={() => setFocusDay(key)}
                        onClick={() => {
                          setFocusDay(key);
                          if (dayEvents) setDay(key);
                        }}
                      >
                        {Number(key.slice(8))}
                        {gathers && (
                          <span className="cat-cal__gather" aria-hidden="true">
                            {GATHERING_MARK}
                          </span>
                        )}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {gatheringShown && (
          <p className="cat-cal__legend">
            <span className="cat-cal__gather-key" aria-hidden="true">
              {GATHERING_MARK}
            </span>{' '}
            — группа набирается: экскурсия состоится, когда запишется минимум участников
          </p>
        )}
      </div>
      {day && (
        <div className="cat-cal__slots">
          <h3 className="cat-cal__day-title" aria-live="polite">
            {formatDay(day)}
          </h3>
          {zoneNote && <p className="cat-cal__zone">{zoneNote}</p>}
          <ul className="cat-cal__times" aria-label={`Время ${formatDay(day)}`}>
            {slots.map((event) => (
              <li key={event.id}>
                <button
                  type="button"
                  className="cat-cal__time"
                  aria-pressed={event.id === selectedId}
                  disabled={event.bookable <= 0}
                  onClick={() => onSelect(event)}
                >
                  <span className="cat-cal__clock">{formatClock(event.starts_at, timeZone)}</span>
                  <span className="cat-cal__seats">
                    {seatsText(event)}
                  </span>
                  {event.gathering && isGathering(event) && event.bookable > 0 && (
                    <span className="cat-cal__group">
                      группа набирается: {event.gathering.booked} из {event.gathering.min}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
