import { useId, useMemo, useState } from 'react';
import { formatPrice, type RescheduleSlot } from '@excursio/shared';
import { formatClock } from '@excursio/shared/time';
import { dayTitle, monthTitle, monthWeeks, slotsByDay } from './rescheduleDays';
import './reschedule.css';

const WEEKDAYS: Array<[string, string]> = [
  ['Пн', 'понедельник'],
  ['Вт', 'вторник'],
  ['Ср', 'среда'],
  ['Чт', 'четверг'],
  ['Пт', 'пятница'],
  ['Сб', 'суббота'],
  ['Вс', 'воскресенье'],
];

/** What moving to a slot does to the price: the guide's part on site changes, a paid prepayment stays. */
export function differenceText(difference: number): string {
  if (difference > 0) return `дороже на ${formatPrice(difference)}`;
  if (difference < 0) return `дешевле на ${formatPrice(-difference)}`;
  return 'та же цена';
}

interface RescheduleCalendarProps {
  slots: readonly RescheduleSlot[];
  /** The excursion city's zone: days and times as on the spot. */
  timeZone: string;
  chosen: number | null;
  onChoose: (eventId: number) => void;
}

/** A compact month of the days one can move to (weekdays on top), and the times of the chosen day with their prices. */
export function RescheduleCalendar({ slots, timeZone, chosen, onChoose }: RescheduleCalendarProps) {
  const id = useId();
  const days = useMemo(() => slotsByDay(slots, timeZone), [slots, timeZone]);
  const dayKeys = [...days.keys()];
  const months = [...new Set(dayKeys.map((d) => d.slice(0, 7)))];
  const [day, setDay] = useState(dayKeys[0] ?? '');
  const [month, setMonth] = useState(months[0] ?? '');
  const at = months.indexOf(month);
  const times = days.get(day) ?? [];
  const showMonth = (next: string | undefined) => {
    if (!next) return;
    setMonth(next);
    setDay(dayKeys.find((d) => d.startsWith(next)) ?? day);
  };

  return (
    <div className="ua-resched">
      <div className="ua-resched__head">
        <button type="button" className="ua-resched__nav" aria-label="Предыдущий месяц" disabled={at <= 0} onClick={() => showMonth(months[at - 1])}>
          ‹
        </button>
        <h3 id={`${id}-month`} className="ua-resched__month" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <button type="button" className="ua-resched__nav" aria-label="Следующий месяц" disabled={at >= months.length - 1} onClick={() => showMonth(months[at + 1])}>
          ›
        </button>
      </div>
      <table className="ua-resched__grid" aria-labelledby={`${id}-month`}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, full]) => (
              <th key={short} scope="col" abbr={full}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={week.find(Boolean) ?? w}>
              {week.map((key, i) => (
                <td key={key ?? `pad-${i}`}>
                  {key &&
                    (days.has(key) ? (
                      <button
                        type="button"
                        className={`ua-resched__day${key === day ? ' ua-resched__day--chosen' : ''}`}
                        aria-pressed={key === day}
                        aria-label={`${dayTitle(key)}: есть время`}
                        onClick={() => setDay(key)}
                      >
                        {Number(key.slice(8))}
                      </button>
                    ) : (
                      <span className="ua-resched__off" aria-hidden="true">
                        {Number(key.slice(8))}
                      </span>
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="ua-resched__times">
        <legend className="ua-resched__day-title">{dayTitle(day)}</legend>
        {times.map((slot) => (
          <label key={slot.event_id} className={`ua-resched__time${chosen === slot.event_id ? ' ua-resched__time--chosen' : ''}`}>
            <input type="radio" name={`${id}-time`} value={slot.event_id} checked={chosen === slot.event_id} onChange={() => onChoose(slot.event_id)} />
            <span className="ua-resched__clock">{formatClock(slot.starts_at, timeZone)}</span>
            <span className="ua-resched__price">
              {formatPrice(slot.total)} · {differenceText(slot.difference)}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
