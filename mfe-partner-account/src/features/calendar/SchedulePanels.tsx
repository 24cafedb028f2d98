import { useRef, useState, type FormEvent } from 'react';
import { bus, formatPrice, type AffectedOrder, type CalendarExcursion } from '@excursio/shared';
import { CANCEL_REASONS } from '@excursio/shared/contracts';
import { CancelReasonField } from '../../components/CancelReasonField';
import { dayKeyIn, formatEventShort } from '@excursio/shared/time';
import { ErrorNote, failureText, Field, fieldErrors, FormAlert, formErrors, LoadError, Skeleton, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { calendarCalls } from './calendarCalls';
import { dayLabel, parseTimes, WEEKDAYS } from './calendarDays';
import { OneOffSlot } from './OneOffSlot';
import { OverlapConfirm, overlapOf } from './OverlapConfirm';

/** When bookings of a slot close, before its start. */
export const CUTOFFS: Array<[number, string]> = [
  [0, 'до начала'],
  [60, 'за 1 час'],
  [120, 'за 2 часа'],
  [720, 'за 12 часов'],
  [1440, 'за сутки'],
];


/** The excursion's recurring schedules: listed in words, added (weekdays × times over a period), removed. */
export function SchedulesPanel({ excursion, onChanged }: { excursion: CalendarExcursion; onChanged: () => void }) {
  const loaded = useLoad(`schedules-${excursion.id}`, async () => (await calendarCalls.schedules(excursion.id)).data);
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [times, setTimes] = useState('10:00');
  const [from, setFrom] = useState(() => dayKeyIn(new Date(), excursion.time_zone));
  const [until, setUntil] = useState('');
  const [capacity, setCapacity] = useState(String(excursion.group_size_max));
  const [price, setPrice] = useState('');
  const [cutoff, setCutoff] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [overlap, setOverlap] = useState<string | null>(null);
  const { busy, run } = useAction();
  const timesField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(false);
  };
  const save = async (allowOverlap: boolean) => {
    setOverlap(null);
    const found: Record<string, string> = {};
    const parsed = parseTimes(times);
    if (weekdays.length === 0) found.weekdays = 'Выберите хотя бы один день недели.';
    if (!parsed) found.times = 'Укажите время начала в виде 10:00; несколько — через запятую.';
    if (!(Number(capacity) >= 1)) found.capacity = 'Вместимость — хотя бы 1 место.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed) return;
    await run(
      async () => {
        const answer = await calendarCalls.addRule({
          excursion_id: excursion.id,
          weekdays,
          times: parsed,
          valid_from: from,
          valid_to: until || null,
          capacity: Number(capacity),
          price_override: price ? Number(price) : null,
          cutoff_minutes: cutoff,
          ...(allowOverlap ? { allow_overlap: true } : {}),
        });
        loaded.set(answer.data);
        setWeekdays([]);
        bus.emit('toast:show', { type: 'info', message: 'Расписание добавлено, слоты созданы на 60 дней вперёд' });
        onChanged();
      },
      {
        onError: (failure) => {
          const warning = overlapOf(failure);
          if (warning) setOverlap(warning);
          else setErrors(formErrors(failure));
        },
      },
    );
  };
  const remove = async (id: number) => {
    try {
      loaded.set((await calendarCalls.deleteRule(id)).data);
      bus.emit('toast:show', { type: 'info', message: 'Расписание удалено; слоты с заказами остались' });
      onChanged();
    } catch (failure) {
      bus.emit('toast:show', { type: 'error', message: failureText(failure) });
    }
  };

  return (
    <section className="ex-ui-card pa-cal__panel" aria-labelledby="pa-cal-rules">
      <h2 id="pa-cal-rules" className="pa-page__subtitle">
        Расписание: {excursion.title}
      </h2>
      {loaded.error && !loaded.data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <Skeleton lines={1} height={48} />
      ) : loaded.data.rules.length === 0 ? (
        <p className="ex-ui-page__empty">Расписаний пока нет: задайте дни недели и время — слоты появятся на 60 дней вперёд.</p>
      ) : (
        <ul className="pa-cal__rules">
          {loaded.data.rules.map((rule) => (
            <li key={rule.id} className="pa-cal__rule">
              <span>
                {rule.summary} · {rule.capacity} мест
                {rule.price_override !== null ? ` · ${formatPrice(rule.price_override)}` : ''}
                {rule.cutoff_minutes > 0 ? ` · запись ${CUTOFFS.find(([m]) => m === rule.cutoff_minutes)?.[1] ?? `за ${rule.cutoff_minutes} мин`}` : ''}
              </span>
              <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-label={`Удалить расписание: ${rule.summary}`} onClick={() => void remove(rule.id)}>
                Удалить
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="pa-cal__form" onSubmit={submit} noValidate aria-label="Новое расписание">
        <h3 className="pa-cal__form-title">Новое расписание</h3>
        <FormAlert text={errors.form} />
        <fieldset className="pa-cal__weekdays" aria-describedby={errors.weekdays ? 'pa-cal-weekdays-error' : undefined}>
          <legend className="ex-ui-label">Дни недели</legend>
          {WEEKDAYS.map((name, i) => (
            <label key={name} className="pa-cal__weekday-choice">
              <input type="checkbox" checked={weekdays.includes(i + 1)} onChange={() => setWeekdays((w) => (w.includes(i + 1) ? w.filter((d) => d !== i + 1) : [...w, i + 1]))} />
              {name}
            </label>
          ))}
          {errors.weekdays && (
            <p id="pa-cal-weekdays-error" className="ex-ui-error">
              {errors.weekdays}
            </p>
          )}
        </fieldset>
        <div className="pa-cal__form-grid">
          <Field label="Время начала" hint="Местное время города; несколько — через запятую" error={errors.times}>
            {(props) => (
              <input
                {...props}
                ref={timesField}
                className="ex-ui-input"
                value={times}
                onChange={(e) => {
                  setTimes(e.target.value);
                  setOverlap(null);
                }}
              />
            )}
          </Field>
          <Field label="Вместимость" error={errors.capacity}>
            {(props) => <input {...props} className="ex-ui-input" type="number" min={1} max={1000} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />}
          </Field>
          <Field label="Действует с" error={errors.valid_from}>
            {(props) => <input {...props} className="ex-ui-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
          </Field>
          <Field label="по (необязательно)" error={errors.valid_to}>
            {(props) => <input {...props} className="ex-ui-input" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />}
          </Field>
          <Field label="Своя цена, ₽ (необязательно)" error={errors.price_override}>
            {(props) => <input {...props} className="ex-ui-input" type="number" min={0} inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />}
          </Field>
          <Field label="Запись закрывается" error={errors.cutoff_minutes}>
            {(props) => (
              <select {...props} className="ex-ui-select" value={cutoff} onChange={(e) => setCutoff(Number(e.target.value))}>
                {CUTOFFS.map(([minutes, text]) => (
                  <option key={minutes} value={minutes}>
                    {text}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {overlap ? (
          <OverlapConfirm
            message={overlap}
            busy={busy}
            onConfirm={() => void save(true)}
            onChangeTime={() => {
              setOverlap(null);
              timesField.current?.focus();
            }}
          />
        ) : (
          <button type="submit" className="ex-ui-button" disabled={busy}>
            Добавить расписание
          </button>
        )}
      </form>
      <OneOffSlot excursion={excursion} onChanged={onChanged} />
    </section>
  );
}

/** Closed days: listed (open again), and closing a day or a range — its orders cancelled with a reason or kept. */
export function ClosingPanel({ excursion, onChanged }: { excursion: CalendarExcursion; onChanged: () => void }) {
  const loaded = useLoad(`closures-${excursion.id}`, async () => (await calendarCalls.schedules(excursion.id)).data);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [affected, setAffected] = useState<AffectedOrder[] | null>(null);
  const [decision, setDecision] = useState<'cancel' | 'keep'>('cancel');
  const [reason, setReason] = useState<string>(CANCEL_REASONS.illness);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!from) return setError('Укажите дату.');
    const last = to || from;
    await run(
      async () => {
        const preview = (await calendarCalls.closingPreview(excursion.id, from, last)).data;
        if (preview.orders.length === 0) await close(last, undefined);
        else setAffected(preview.orders);
      },
      { onError: (failure) => setError(fieldErrors(failure).date_to ?? failureText(failure)) },
    );
  };
  const close = (last: string, orders: 'cancel' | 'keep' | undefined) =>
    run(
      async () => {
        loaded.set((await calendarCalls.close({ excursion_id: excursion.id, date_from: from, date_to: last, ...(orders ? { orders, reason } : {}) })).data);
        setAffected(null);
        setFrom('');
        setTo('');
        bus.emit('toast:show', { type: 'info', message: orders === 'cancel' ? 'Даты закрыты, заказы отменены, путешественники получили уведомления' : 'Даты закрыты' });
        onChanged();
      },
      { onError: (failure) => setError(fieldErrors(failure).reason ?? failureText(failure)) },
    );
  const reopen = async (id: number) => {
    try {
      loaded.set((await calendarCalls.reopen(id)).data);
      onChanged();
    } catch (failure) {
      bus.emit('toast:show', { type: 'error', message: failureText(failure) });
    }
  };

  return (
    <section className="ex-ui-card pa-cal__panel" aria-labelledby="pa-cal-closed">
      <h2 id="pa-cal-closed" className="pa-page__subtitle">
        Закрытые даты
      </h2>
      {loaded.data && loaded.data.closures.length > 0 && (
        <ul className="pa-cal__rules">
          {loaded.data.closures.map((c) => (
            <li key={c.id} className="pa-cal__rule">
              <span>
                {c.date_from === c.date_to ? dayLabel(c.date_from) : `${dayLabel(c.date_from)} — ${dayLabel(c.date_to)}`}
                {c.reason ? ` · ${c.reason}` : ''}
              </span>
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void reopen(c.id)}>
                Открыть снова
              </button>
            </li>
          ))}
        </ul>
      )}
      {affected ? (
        <fieldset className="pa-cal__form" aria-labelledby="pa-cal-affected">
          <h3 id="pa-cal-affected" className="pa-cal__form-title">
            В эти дни есть заказы: {affected.length}
          </h3>
          <ul className="pa-cal__affected">
            {affected.map((o) => (
              <li key={o.id}>
                №{o.id} · {o.customer_name} · {o.seats} чел. · {formatEventShort(o.starts_at, excursion.time_zone)}
                {o.paid > 0 ? ` · оплачено ${formatPrice(o.paid)}` : ' · не оплачен'}
              </li>
            ))}
          </ul>
          <fieldset className="pa-cal__choice">
            <legend className="ex-ui-label">Что сделать с заказами</legend>
            <label>
              <input type="radio" name="pa-cal-decision" checked={decision === 'cancel'} onChange={() => setDecision('cancel')} /> Отменить заказы: предоплата вернётся, путешественники получат уведомление
            </label>
            <label>
              <input type="radio" name="pa-cal-decision" checked={decision === 'keep'} onChange={() => setDecision('keep')} /> Оставить заказы: экскурсии состоятся, новых заказов не будет
            </label>
          </fieldset>
          {decision === 'cancel' && (
            <CancelReasonField label="Причина отмены (её увидят путешественники)" value={reason} onChange={setReason} />
          )}
          <ErrorNote text={error} />
          <div className="pa-cal__actions">
            <button type="button" className="ex-ui-button" disabled={busy} onClick={() => void close(to || from, decision)}>
              {decision === 'cancel' ? 'Закрыть и отменить заказы' : 'Закрыть, заказы оставить'}
            </button>
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setAffected(null)}>
              Не закрывать
            </button>
          </div>
        </fieldset>
      ) : (
        <form className="pa-cal__form" onSubmit={check} noValidate aria-label="Закрыть даты">
          <div className="pa-cal__form-grid">
            <Field label="Закрыть с">
              {(props) => <input {...props} className="ex-ui-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
            </Field>
            <Field label="по (необязательно)">
              {(props) => <input {...props} className="ex-ui-input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
            </Field>
          </div>
          <ErrorNote text={error} />
          <button type="submit" className="ex-ui-button ex-ui-button--secondary" disabled={busy}>
            Закрыть даты
          </button>
        </form>
      )}
    </section>
  );
}
