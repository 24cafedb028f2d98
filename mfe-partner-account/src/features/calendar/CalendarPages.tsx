import { useMemo, useState } from 'react';
import { Link, replace, type LoaderFunctionArgs } from '@excursio/shared/router';
import { bus, type CalendarSlot } from '@excursio/shared';
import { dayKeyIn, visitorTimeZone } from '@excursio/shared/time';
import { AccountPage } from '../../components/AccountPage';
import { ErrorNote, failureText, Field, fieldErrors, LoadError, Skeleton, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { calendarCalls } from './calendarCalls';
import { dayLabel, shiftAnchor, viewDays, viewTitle, WEEKDAYS, weekdayLabel, type CalendarView } from './calendarDays';
import { ClosingPanel, CUTOFFS, SchedulesPanel } from './SchedulePanels';
import { GroupPanel } from './GroupPanel';
import './calendar.css';

const today = () => dayKeyIn(new Date(), visitorTimeZone());

/** The minimum groups a slot may have of its own (issue 32 §1). */
const GROUP_MINIMA = Array.from({ length: 29 }, (_, i) => i + 2);

/** Many slots at once: capacity, price, open or closed, cut-off (all or none; the api names what refuses). */
function BulkBar({ ids, onDone, onClear }: { ids: number[]; onDone: () => void; onClear: () => void }) {
  const [capacity, setCapacity] = useState('');
  const [price, setPrice] = useState('');
  const [cutoff, setCutoff] = useState('');
  const [groupMin, setGroupMin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();
  const apply = async (change: { capacity?: number; price_override?: number | null; status?: 'active' | 'closed'; cutoff_minutes?: number; group_min?: number | null }) => {
    setError(null);
    await run(
      async () => {
        await calendarCalls.patchSlots({ ids, ...change });
        bus.emit('toast:show', { type: 'info', message: `Изменено слотов: ${ids.length}` });
        onDone();
      },
      {
        onError: (failure) => {
          const fields = fieldErrors(failure);
          setError(fields.capacity ?? fields.price_override ?? fields.group_min ?? failureText(failure));
        },
      },
    );
  };
  const save = () => {
    const change: { capacity?: number; price_override?: number | null; cutoff_minutes?: number; group_min?: number | null } = {};
    if (capacity) change.capacity = Number(capacity);
    if (price) change.price_override = Number(price);
    if (cutoff) change.cutoff_minutes = Number(cutoff);
    // a group that gathers (issue 32 §1): the slots' own minimum, or «как у экскурсии» (null)
    if (groupMin === 'excursion') change.group_min = null;
    else if (groupMin) change.group_min = Number(groupMin);
    if (Object.keys(change).length === 0) return setError('Укажите вместимость, цену, когда закрывается запись или минимум группы.');
    void apply(change);
  };
  return (
    <section className="ex-ui-card pa-cal__bulk" aria-labelledby="pa-cal-bulk">
      <h2 id="pa-cal-bulk" className="pa-page__subtitle">
        Выбрано слотов: {ids.length}
      </h2>
      <div className="pa-cal__bulk-fields">
        <Field label="Вместимость">
          {(props) => <input {...props} className="ex-ui-input" type="number" min={1} max={1000} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />}
        </Field>
        <Field label="Цена, ₽ (для новых заказов)">
          {(props) => <input {...props} className="ex-ui-input" type="number" min={0} inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />}
        </Field>
        <Field label="Запись закрывается">
          {(props) => (
            <select {...props} className="ex-ui-select" value={cutoff} onChange={(e) => setCutoff(e.target.value)}>
              <option value="">не менять</option>
              {CUTOFFS.map(([minutes, text]) => (
                <option key={minutes} value={minutes}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Минимум группы">
          {(props) => (
            <select {...props} className="ex-ui-select" value={groupMin} onChange={(e) => setGroupMin(e.target.value)}>
              <option value="">не менять</option>
              <option value="excursion">как у экскурсии</option>
              {GROUP_MINIMA.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ErrorNote text={error} />
      <div className="pa-cal__actions">
        <button type="button" className="ex-ui-button" disabled={busy} onClick={save}>
          Применить
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void apply({ status: 'closed' })}>
          Закрыть продажи
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void apply({ status: 'active' })}>
          Открыть продажи
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onClear}>
          Снять выбор
        </button>
      </div>
    </section>
  );
}

function SlotChip({ slot, selected, onToggle, showTitle }: { slot: CalendarSlot; selected: boolean; onToggle: () => void; showTitle: boolean }) {
  const left = slot.capacity - slot.sold;
  const label = `${dayLabel(slot.day)}, ${slot.time}`;
  return (
    <li className={`pa-cal__slot pa-cal__slot--${slot.status}${slot.sold > 0 ? ' pa-cal__slot--sold' : ''}`}>
      <input type="checkbox" className="pa-cal__check" checked={selected} onChange={onToggle} aria-label={`Выбрать слот ${label}${showTitle ? `, ${slot.excursion_title}` : ''}`} />
      <Link to={`/account/partner/${slot.id}`} className="pa-cal__slot-link">
        <span className="pa-cal__time">{slot.time}</span>
        <span className="pa-cal__seats">
          {slot.sold}/{slot.capacity}
          <span className="ex-ui-sr">
            {' '}
            мест продано, свободно {left}
          </span>
        </span>
        {slot.status === 'active' && slot.gathering && !slot.gathering.confirmed && slot.gathering.booked < slot.gathering.min && (
          <span className="pa-cal__flag pa-cal__flag--group">
            <span aria-hidden="true">мин. {slot.gathering.min}: ещё {slot.gathering.min - slot.gathering.booked}</span>
            <span className="ex-ui-sr">
              группа набирается: {slot.gathering.booked} из {slot.gathering.min}, нужно ещё {slot.gathering.min - slot.gathering.booked}
            </span>
          </span>
        )}
        {slot.status !== 'active' && <span className="pa-cal__flag">{slot.status === 'closed' ? 'закрыт' : 'отменён'}</span>}
        {showTitle && <span className="pa-cal__title">{slot.excursion_title}</span>}
      </Link>
    </li>
  );
}

/** /account/partner/calendar — month and week views of the slots with seats sold, schedules, closed days, bulk edits. */
export function CalendarPage() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  const [excursionId, setExcursionId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const from = days[0]!;
  const to = days.at(-1)!;
  const loaded = useLoad(`${from}|${to}|${excursionId ?? ''}`, async () =>
    (await calendarCalls.calendar({ from, to, ...(excursionId ? { excursion_id: excursionId } : {}) })).data,
  );
  const data = loaded.data;
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarSlot[]>();
    for (const slot of data?.slots ?? []) map.set(slot.day, [...(map.get(slot.day) ?? []), slot]);
    return map;
  }, [data]);
  const month = anchor.slice(0, 7);
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const excursion = data?.excursions.find((e) => e.id === excursionId) ?? null;

  return (
    <AccountPage heading="Календарь">
      <div className="pa-cal__toolbar">
        {/* the schedule forms below appear for one excursion only: say so where the choice is made */}
        <Field label="Экскурсия" hint={excursionId ? undefined : 'Выберите экскурсию, чтобы задать её расписание и закрытые дни.'}>
          {(props) => (
            <select
              {...props}
              className="ex-ui-select"
              value={excursionId ?? ''}
              onChange={(e) => {
                setExcursionId(e.target.value ? Number(e.target.value) : null);
                setSelected([]);
              }}
            >
              <option value="">Все экскурсии</option>
              {data?.excursions.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="pa-cal__views" aria-label="Вид календаря">
          {(['month', 'week'] as const).map((v) => (
            <button key={v} type="button" className={`ex-ui-button ${view === v ? '' : 'ex-ui-button--secondary'}`} aria-pressed={view === v} onClick={() => setView(v)}>
              {v === 'month' ? 'Месяц' : 'Неделя'}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="pa-cal__nav">
        <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-label={view === 'month' ? 'Предыдущий месяц' : 'Предыдущая неделя'} onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}>
          ‹
        </button>
        <h2 className="pa-cal__period" aria-live="polite">
          {viewTitle(view, days)}
        </h2>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-label={view === 'month' ? 'Следующий месяц' : 'Следующая неделя'} onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}>
          ›
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setAnchor(today())}>
          Сегодня
        </button>
      </div>
      {selected.length > 0 && (
        <BulkBar
          ids={selected}
          onClear={() => setSelected([])}
          onDone={() => {
            setSelected([]);
            loaded.reload();
          }}
        />
      )}
      {loaded.error && !data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !data ? (
        <Skeleton lines={4} height={72} />
      ) : (
        <>
          {data.slots.length === 0 && (
            <p className="ex-ui-page__empty">
              {excursionId ? 'В эти дни слотов нет. Добавьте расписание ниже — слоты появятся сами.' : 'В эти дни слотов нет. Выберите экскурсию, чтобы задать расписание.'}
            </p>
          )}
          {view === 'month' && (
            <div className="pa-cal__grid pa-cal__weekdays-row" aria-hidden="true">
              {WEEKDAYS.map((w) => (
                <div key={w} className="pa-cal__weekday">
                  {w}
                </div>
              ))}
            </div>
          )}
          {/* the previous range's slots stay shown while the new range loads: busy until they are the new range's */}
          <ul className={`pa-cal__grid pa-cal__grid--${view}`} aria-label={`Дни: ${viewTitle(view, days)}`} aria-busy={loaded.loading}>
            {days.map((day) => {
              const slots = byDay.get(day) ?? [];
              const outside = view === 'month' && day.slice(0, 7) !== month;
              return (
                <li key={day} className={`pa-cal__day${outside ? ' pa-cal__day--outside' : ''}${slots.length === 0 ? ' pa-cal__day--empty' : ''}`} aria-label={`${weekdayLabel(day)}, ${dayLabel(day)}`}>
                  <span className="pa-cal__date" aria-hidden="true">
                    <span className="pa-cal__date-weekday">{weekdayLabel(day)}, </span>
                    {Number(day.slice(8))}
                  </span>
                  {slots.length > 0 && (
                    <ul className="pa-cal__slots">
                      {slots.map((slot) => (
                        <SlotChip key={slot.id} slot={slot} selected={selected.includes(slot.id)} onToggle={() => toggle(slot.id)} showTitle={!excursionId} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          {excursion && (
            <p className="ex-ui-hint">
              Время — местное для города экскурсии ({excursion.time_zone}). Изменённая цена слота действует для новых заказов.
            </p>
          )}
          {excursion && (
            <>
              <SchedulesPanel excursion={excursion} onChanged={loaded.reload} />
              <GroupPanel key={excursion.id} excursion={excursion} onChanged={loaded.reload} />
              <ClosingPanel excursion={excursion} onChanged={loaded.reload} />
            </>
          )}
        </>
      )}
    </AccountPage>
  );
}

/** /account/partner/calendarOLD: the old calendar's address opens the current one, replacing the history entry. */
export function legacyCalendarLoader({ request }: LoaderFunctionArgs): never {
  const { search } = new URL(request.url);
  throw replace(`/account/partner/calendar${search}`);
}

export function LegacyCalendarPage() {
  return null;
}
