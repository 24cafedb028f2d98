import { useState, type FormEvent } from 'react';
import { bus, type CalendarExcursion } from '@excursio/shared';
import { GROUP_DECISION_HOURS_MAX, groupRuleProblems } from '@excursio/shared/contracts';
import { Field, failureText, fieldErrors, useAction } from '../../components/ui';
import { calendarCalls } from './calendarCalls';

/**
 * «Минимальная группа» (issue 32 §1): the excursion runs a slot only with at least this many people, decided this many
 * hours before the start (a slot below it is cancelled then, its travellers refunded in full); empty: no minimum.
 */
export function GroupPanel({ excursion, onChanged }: { excursion: CalendarExcursion; onChanged: () => void }) {
  const [min, setMin] = useState(excursion.group_min ? String(excursion.group_min) : '');
  const [hours, setHours] = useState(String(excursion.group_decision_hours ?? 24));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const groupMin = min.trim() ? Number(min) : null;
    const decision = hours.trim() ? Number(hours) : Number.NaN;
    // the calendar does not know the format: an individual excursion's minimum is refused by the api
    const local: Record<string, string> = groupRuleProblems({ format: 'group', groupSizeMax: excursion.group_size_max, groupMin, decisionHours: decision });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    await run(
      async () => {
        await calendarCalls.setGroup({ excursion_id: excursion.id, group_min: groupMin, decision_hours: decision });
        bus.emit('toast:show', { type: 'info', message: groupMin ? `Минимальная группа: ${groupMin}` : 'Минимальная группа снята: все слоты состоятся' });
        onChanged();
      },
      {
        onError: (failure) => {
          const fields = fieldErrors(failure);
          setErrors(Object.keys(fields).length > 0 ? fields : { group_min: failureText(failure) });
        },
      },
    );
  };

  return (
    <section className="ex-ui-card pa-cal__panel" aria-labelledby="pa-cal-group">
      <h2 id="pa-cal-group" className="pa-page__subtitle">
        Минимальная группа
      </h2>
      <p className="ex-ui-hint">
        Слот состоится, только если наберётся столько человек. Если к сроку решения группа не собралась, слот отменится, а путешественникам вернётся
        предоплата и предложатся ближайшие даты. Провести слот с меньшей группой можно на его странице.
      </p>
      <form className="pa-cal__form" onSubmit={(e) => void save(e)} noValidate>
        <Field label="Минимум человек" hint="Пусто — без минимума." error={errors.group_min}>
          {(props) => <input {...props} className="ex-ui-input" type="number" min={2} max={excursion.group_size_max} inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />}
        </Field>
        <Field label="Решение за сколько часов до начала" error={errors.decision_hours}>
          {(props) => <input {...props} className="ex-ui-input" type="number" min={1} max={GROUP_DECISION_HOURS_MAX} inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />}
        </Field>
        <button type="submit" className="ex-ui-button" disabled={busy}>
          Сохранить
        </button>
      </form>
    </section>
  );
}
