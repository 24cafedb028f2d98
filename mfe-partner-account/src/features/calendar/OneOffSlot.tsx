import { useRef, useState, type FormEvent } from 'react';
import { bus, type CalendarExcursion } from '@excursio/shared';
import { Field, FormAlert, formErrors, useAction } from '../../components/ui';
import { calendarCalls } from './calendarCalls';
import { OverlapConfirm, overlapOf } from './OverlapConfirm';
import { parseTimes } from './calendarDays';

/**
 * A one-off slot: a day and a time on the city's clock, outside any schedule. When the guide has another slot then,
 * the api's warning is asked about before the slot is added anyway.
 */
export function OneOffSlot({ excursion, onChanged }: { excursion: CalendarExcursion; onChanged: () => void }) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('10:00');
  const [capacity, setCapacity] = useState(String(excursion.group_size_max));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [overlap, setOverlap] = useState<string | null>(null);
  const { busy, run } = useAction();
  const timeField = useRef<HTMLInputElement>(null);
  const add = async (allowOverlap: boolean) => {
    const times = parseTimes(time);
    const found: Record<string, string> = {};
    if (!date) found.date = 'Укажите дату.';
    if (!times || times.length !== 1) found.time = 'Укажите одно время, например 18:30.';
    setErrors(found);
    setOverlap(null);
    if (Object.keys(found).length > 0 || !times) return;
    await run(
      async () => {
        const body = { excursion_id: excursion.id, date, time: times[0]!, capacity: Number(capacity) };
        await calendarCalls.addSlot(allowOverlap ? { ...body, allow_overlap: true } : body);
        bus.emit('toast:show', { type: 'info', message: 'Слот добавлен' });
        setDate('');
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
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setOverlap(null);
  };
  return (
    <form
      className="pa-cal__form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void add(false);
      }}
      noValidate
      aria-label="Разовый слот"
    >
      <h3 className="pa-cal__form-title">Разовый слот</h3>
      <FormAlert text={errors.form} />
      <div className="pa-cal__form-grid">
        <Field label="Дата слота" error={errors.date}>
          {(props) => <input {...props} className="ex-ui-input" type="date" value={date} onChange={(e) => edit(setDate)(e.target.value)} />}
        </Field>
        <Field label="Время слота" error={errors.time}>
          {(props) => <input {...props} ref={timeField} className="ex-ui-input" value={time} onChange={(e) => edit(setTime)(e.target.value)} />}
        </Field>
        <Field label="Мест в слоте" error={errors.capacity}>
          {(props) => <input {...props} className="ex-ui-input" type="number" min={1} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />}
        </Field>
      </div>
      {overlap ? (
        <OverlapConfirm
          message={overlap}
          busy={busy}
          onConfirm={() => void add(true)}
          onChangeTime={() => {
            setOverlap(null);
            timeField.current?.focus();
          }}
        />
      ) : (
        <button type="submit" className="ex-ui-button ex-ui-button--secondary" disabled={busy}>
          Добавить слот
        </button>
      )}
    </form>
  );
}
