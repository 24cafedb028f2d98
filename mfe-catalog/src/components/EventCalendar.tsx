import { useMemo, useState } from 'react';
import { pluralRu } from '@excursio/shared';
import { formatClock, timeZoneNote } from '@excursio/shared/time';
import { formatDay, formatMonth, groupByDay, monthGrid, monthOf, type CalendarEvent } from './calendar';
import './event-calendar.css';

const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
export const SEAT_FORMS = ['место', 'места', 'мест'] as const;

interface EventCalendarProps<T extends CalendarEvent> {
  events: readonly T[];
  selectedId?: number | null;
  onSelect: (event: T) => void;
  /** The excursion's city zone (IANA), so times read as on the spot. */
  timeZone: string;
}

/** A month calendar of the days with events; a chosen day lists its times with the seats left. */
export function EventCalendar<T extends CalendarEvent>({ events, selectedId, onSelect, timeZone }: EventCalendarProps<T>) {
  const days = useMemo(() => groupByDay(events, timeZone), [events, timeZone]);
  const dayKeys = [...days.keys()];
  const months = [...new Set(dayKeys.map(monthOf))];
  const selectedDay = dayKeys.find((k) => days.get(k)?.some((e) => e.id === selectedId));
  const [day, setDay] = useState<string | undefined>(selectedDay ?? dayKeys[0]);
  const [month, setMonth] = useState<string | undefined>(monthOf(selectedDay ?? dayKeys[0] ?? ''));

  if (dayKeys.length === 0 || !month) {
    return <p className="cat-cal__empty">Ближайших дат пока нет. Загляните позже или выберите другую экскурсию.</p>;
  }
  const monthIndex = months.indexOf(month);
  const slots = day ? (days.get(day) ?? []) : [];
  const zoneNote = slots[0] ? timeZoneNote(timeZone, slots[0].starts_at) : null;

  return (
    <div className="cat-cal">
      <div className="cat-cal__month">
        <div className="cat-cal__head">
          <button type="button" className="cat-cal__nav" aria-label="Предыдущий месяц" disabled={monthIndex <= 0} onClick={() => setMonth(months[monthIndex - 1])}>
            ‹
          </button>
          <span className="cat-cal__title" aria-live="polite">
            {formatMonth(month)}
          </span>
          <button
            type="button"
            className="cat-cal__nav"
            aria-label="Следующий месяц"
            disabled={monthIndex < 0 || monthIndex >= months.length - 1}
            onClick={() => setMonth(months[monthIndex + 1])}
          >
            ›
          </button>
        </div>
        <div className="cat-cal__grid" role="grid" aria-label={formatMonth(month)}>
          {WEEKDAYS.map((w) => (
            <span key={w} className="cat-cal__weekday" aria-hidden="true">
              {w}
            </span>
          ))}
          {monthGrid(month).map((key, i) => {
            if (!key) return <span key={`pad-${i}`} />;
            const dayEvents = days.get(key);
            const free = dayEvents?.some((e) => e.seats_left > 0) ?? false;
            return (
              <button
                key={key}
                type="button"
                className={`cat-cal__day${dayEvents ? ' cat-cal__day--has' : ''}${dayEvents && !free ? ' cat-cal__day--full' : ''}`}
                disabled={!dayEvents}
                aria-pressed={key === day}
                aria-label={dayEvents ? `${formatDay(key)}: ${free ? 'есть места' : 'мест нет'}` : formatDay(key)}
                onClick={() => setDay(key)}
              >
                {Number(key.slice(8))}
              </button>
            );
          })}
        </div>
      </div>
      {day && (
        <div className="cat-cal__slots">
          <h3 className="cat-cal__day-title">{formatDay(day)}</h3>
          {zoneNote && <p className="cat-cal__zone">{zoneNote}</p>}
          <ul className="cat-cal__times">
            {slots.map((event) => (
              <li key={event.id}>
                <button
                  type="button"
                  className="cat-cal__time"
                  aria-pressed={event.id === selectedId}
                  disabled={event.seats_left <= 0}
                  onClick={() => onSelect(event)}
                >
                  <span className="cat-cal__clock">{formatClock(event.starts_at, timeZone)}</span>
                  <span className="cat-cal__seats">
                    {event.seats_left > 0 ? `осталось ${pluralRu(event.seats_left, SEAT_FORMS)}` : 'мест нет'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
