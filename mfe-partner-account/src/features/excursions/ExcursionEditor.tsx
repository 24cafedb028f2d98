import { useId, useState, type ChangeEvent } from 'react';
import { Link } from '@excursio/shared/router';
import { bus, type PartnerExcursion, type PartnerExcursionFields, type PriceUnit, type UploadedImage } from '@excursio/shared';
import { GROUP_DECISION_HOURS_MAX, GROUP_MIN_LEAST, groupRuleProblems, MIN_PHOTOS_TO_SUBMIT, PRICE_MAX, PRICE_NAME_MAX } from '@excursio/shared/contracts';
import { localPhotoProblem, PHOTO_ACCEPT } from '@excursio/shared/ui';
import { ErrorNote, failureText, Field, fieldErrors, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { excursionCalls } from './excursionCalls';
import { closedFieldsPath } from './excursionPaths';
import { StatusBadge } from './StatusBadge';
import { useAutosave } from './useAutosave';

const LANGUAGES: Array<[string, string]> = [
  ['ru', 'Русский'],
  ['en', 'Английский'],
  ['de', 'Немецкий'],
  ['fr', 'Французский'],
  ['es', 'Испанский'],
  ['it', 'Итальянский'],
  ['zh', 'Китайский'],
];
const lines = (text: string) => text.split('\n');
const text = (list: string[]) => list.join('\n');

type Form = Required<Omit<PartnerExcursionFields, 'city_id' | 'title' | 'format' | 'price_type'>> & Pick<PartnerExcursionFields, 'city_id' | 'title' | 'format' | 'price_type'>;

const toForm = (e: PartnerExcursion): Form => ({
  title: e.title,
  city_id: e.city_id,
  description: e.description,
  programme: e.programme,
  included: e.included,
  excluded: e.excluded,
  meeting_point: e.meeting_point,
  languages: e.languages,
  duration_minutes: e.duration_minutes,
  format: e.format,
  price_type: e.price_type,
  price_units: e.price_units.length ? e.price_units : [{ code: 'adult', name: 'Взрослый', price: 0 }],
  group_size_max: e.group_size_max,
  group_min: e.group_min,
  group_decision_hours: e.group_decision_hours,
  instant_booking: e.instant_booking,
  cancellation_terms: e.cancellation_terms,
  tag_ids: e.tag_ids,
  sight_ids: e.sight_ids,
});

/** Photos: uploaded as chosen, moved left and right by buttons (the first is the cover), removed. */
function Photos({ excursion, onChanged }: { excursion: PartnerExcursion; onChanged: (e: PartnerExcursion) => void }) {
  const inputId = useId();
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const ids = excursion.photos.map((p) => p.id);
  const save = async (next: number[]) => {
    setError(null);
    await run(async () => onChanged((await excursionCalls.photos(excursion.id, next)).data), {
      onError: (failure) => setError(fieldErrors(failure).image_ids ?? failureText(failure)),
    });
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setError(null);
    const added: UploadedImage[] = [];
    await run(async () => {
      for (const file of files) {
        const local = localPhotoProblem(file);
        if (local) {
          setError(local);
          continue;
        }
        try {
          added.push((await excursionCalls.upload(file)).data);
        } catch (failure) {
          setError(fieldErrors(failure).photo ?? failureText(failure));
        }
      }
    });
    if (added.length) await save([...ids, ...added.map((a) => a.id)]);
  };
  const move = (index: number, step: -1 | 1) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    void save(next);
  };
  return (
    <section className="ex-ui-card pa-exc__section" aria-labelledby="pa-exc-photos">
      <h2 id="pa-exc-photos" className="pa-page__subtitle">
        Фото
      </h2>
      <p className="ex-ui-hint">Не меньше {MIN_PHOTOS_TO_SUBMIT}. Первое — обложка в каталоге. Геометки и данные камеры мы удаляем.</p>
      {excursion.catalog_photos.length > 0 && (
        <p className="ex-ui-hint">Ещё фото из каталога: {excursion.catalog_photos.length} — они остаются и показываются первыми.</p>
      )}
      {excursion.photos.length > 0 && (
        <ol className="pa-exc__photos">
          {excursion.photos.map((photo, i) => (
            <li key={photo.id} className="pa-exc__photo">
              <img src={photo.fallback_url} srcSet={photo.srcset} sizes="160px" alt={`Фото ${i + 1}${i === 0 ? ', обложка' : ''}`} width={160} height={107} />
              {i === 0 && <span className="pa-exc__cover-mark">Обложка</span>}
              <div className="pa-exc__photo-actions">
                <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy || i === 0} aria-label={`Фото ${i + 1}: левее`} onClick={() => move(i, -1)}>
                  ←
                </button>
                <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy || i === ids.length - 1} aria-label={`Фото ${i + 1}: правее`} onClick={() => move(i, 1)}>
                  →
                </button>
                <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} aria-label={`Убрать фото ${i + 1}`} onClick={() => void save(ids.filter((id) => id !== photo.id))}>
                  ×
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <label className="ex-ui-button ex-ui-button--secondary ex-ui-upload" htmlFor={inputId}>
        {busy ? 'Загружаем…' : 'Добавить фото'}
        <input id={inputId} className="ex-ui-sr" type="file" multiple accept={PHOTO_ACCEPT} disabled={busy} onChange={choose} />
      </label>
      <ErrorNote text={error} />
    </section>
  );
}

/** The whole excursion in sections; a draft saves itself as it is typed; once published the closed fields are locked. */
export function ExcursionEditor({ initial }: { initial: PartnerExcursion }) {
  const [excursion, setExcursion] = useState(initial);
  const [form, setForm] = useState<Form>(() => toForm(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run: runAction } = useAction();
  const options = useLoad('options', async () => (await excursionCalls.options()).data);
  const locked = excursion.status === 'published' || excursion.status === 'hidden';
  const editable = !['moderation', 'archived'].includes(excursion.status);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const state = useAutosave(form, async (value) => {
    if (!editable) return;
    const { title, city_id, format, price_type, ...fields } = value;
    // an individual excursion has no minimum group (its field is hidden then)
    const open = format === 'individual' ? { ...fields, group_min: null } : fields;
    const problems = groupRuleProblems({
      format: format ?? excursion.format,
      groupSizeMax: open.group_size_max ?? 10,
      groupMin: open.group_min,
      decisionHours: open.group_decision_hours,
    });
    if (Object.keys(problems).length > 0) {
      setErrors(problems as Record<string, string>);
      throw new Error(Object.values(problems)[0]);
    }
    try {
      const saved = await excursionCalls.save(excursion.id, locked ? open : { ...open, title, city_id, format, price_type });
      setExcursion(saved.data);
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrors(failure));
      throw failure;
    }
  });

  const act = (action: 'submit' | 'withdraw') =>
    runAction(
      async () => {
        const answer = (await excursionCalls.act(excursion.id, action)).data;
        setExcursion(answer);
        setErrors({});
        bus.emit('toast:show', { type: 'info', message: action === 'submit' ? 'Экскурсия отправлена на модерацию' : 'Экскурсия снова черновик' });
      },
      {
        onError: (failure) => {
          setErrors(fieldErrors(failure));
          bus.emit('toast:show', { type: 'error', message: failure instanceof Error ? failure.message : failureText(failure) });
        },
      },
    );
  const unit = (i: number, change: Partial<PriceUnit>) => set('price_units', form.price_units.map((u, j) => (j === i ? { ...u, ...change } : u)));

  return (
    <div className="pa-exc__editor">
      <section className="ex-ui-card pa-exc__status" aria-labelledby="pa-exc-status">
        <h2 id="pa-exc-status" className="pa-page__subtitle">
          Статус: <StatusBadge status={excursion.status} />
        </h2>
        {excursion.moderation_comment && excursion.status === 'rejected' && <p className="pa-exc__comment">Модератор: {excursion.moderation_comment}</p>}
        <output className="ex-ui-hint">
          {state === 'saving' ? 'Сохраняем…' : state === 'saved' ? 'Сохранено' : state === 'failed' ? 'Не сохранено: исправьте отмеченные поля' : editable ? 'Изменения сохраняются сами' : 'На модерации изменения недоступны'}
        </output>
        {errors.photos && <p className="ex-ui-error">{errors.photos}</p>}
        <div className="pa-exc__actions">
          {(excursion.status === 'draft' || excursion.status === 'rejected') && (
            <button type="button" className="ex-ui-button" disabled={busy} onClick={() => void act('submit')}>
              Отправить на модерацию
            </button>
          )}
          {excursion.status === 'moderation' && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void act('withdraw')}>
              Вернуть в черновик
            </button>
          )}
          {excursion.path && (
            <Link to={excursion.path} className="ex-ui-page__link">
              Открыть в каталоге
            </Link>
          )}
        </div>
      </section>

      <fieldset className="ex-ui-card pa-exc__section" disabled={!editable}>
        <legend className="pa-page__subtitle">Главное</legend>
        {locked && (
          <p className="ex-ui-notice">
            Название, город, формат и тип цены закрыты после публикации.{' '}
            <Link to={closedFieldsPath(excursion.id)} className="ex-ui-page__link">
              Предложить изменение
            </Link>
          </p>
        )}
        <Field label="Название" error={errors.title}>
          {(props) => <input {...props} className="ex-ui-input" maxLength={300} disabled={locked} value={form.title ?? ''} onChange={(e) => set('title', e.target.value)} />}
        </Field>
        <Field label="Город" error={errors.city_id}>
          {(props) => (
            <select {...props} className="ex-ui-select" disabled={locked} value={form.city_id ?? ''} onChange={(e) => set('city_id', Number(e.target.value))}>
              {options.data?.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Описание" hint="От 200 символов: о чём экскурсия и почему на неё стоит пойти" error={errors.description}>
          {(props) => <textarea {...props} className="ex-ui-textarea" rows={6} value={form.description} onChange={(e) => set('description', e.target.value)} />}
        </Field>
        <Field label="Программа" hint="Каждый пункт с новой строки" error={errors.programme}>
          {(props) => <textarea {...props} className="ex-ui-textarea" rows={5} value={text(form.programme)} onChange={(e) => set('programme', lines(e.target.value))} />}
        </Field>
        <div className="pa-exc__pair">
          <Field label="Включено" hint="С новой строки" error={errors.included}>
            {(props) => <textarea {...props} className="ex-ui-textarea" rows={3} value={text(form.included)} onChange={(e) => set('included', lines(e.target.value))} />}
          </Field>
          <Field label="Не включено" hint="С новой строки" error={errors.excluded}>
            {(props) => <textarea {...props} className="ex-ui-textarea" rows={3} value={text(form.excluded)} onChange={(e) => set('excluded', lines(e.target.value))} />}
          </Field>
        </div>
        <Field label="Место встречи" error={errors.meeting_point}>
          {(props) => <input {...props} className="ex-ui-input" value={form.meeting_point} onChange={(e) => set('meeting_point', e.target.value)} />}
        </Field>
        <fieldset className="pa-exc__choices" aria-describedby={errors.languages ? 'pa-exc-lang-error' : undefined}>
          <legend className="ex-ui-label">Языки</legend>
          {LANGUAGES.map(([code, name]) => (
            <label key={code}>
              <input type="checkbox" checked={form.languages.includes(code)} onChange={() => set('languages', form.languages.includes(code) ? form.languages.filter((l) => l !== code) : [...form.languages, code])} /> {name}
            </label>
          ))}
          {errors.languages && (
            <p id="pa-exc-lang-error" className="ex-ui-error">
              {errors.languages}
            </p>
          )}
        </fieldset>
        {options.data && options.data.sights.some((x) => x.city_id === form.city_id) && (
          <fieldset className="pa-exc__choices">
            <legend className="ex-ui-label">Достопримечательности по маршруту</legend>
            {options.data.sights
              .filter((x) => x.city_id === form.city_id)
              .map((x) => (
                <label key={x.id}>
                  <input type="checkbox" checked={form.sight_ids.includes(x.id)} onChange={() => set('sight_ids', form.sight_ids.includes(x.id) ? form.sight_ids.filter((y) => y !== x.id) : [...form.sight_ids, x.id])} /> {x.name}
                </label>
              ))}
          </fieldset>
        )}
        {options.data && options.data.tags.length > 0 && (
          <fieldset className="pa-exc__choices">
            <legend className="ex-ui-label">Темы</legend>
            {options.data.tags.map((t) => (
              <label key={t.id}>
                <input type="checkbox" checked={form.tag_ids.includes(t.id)} onChange={() => set('tag_ids', form.tag_ids.includes(t.id) ? form.tag_ids.filter((x) => x !== t.id) : [...form.tag_ids, t.id])} /> {t.name}
              </label>
            ))}
          </fieldset>
        )}
      </fieldset>

      <fieldset className="ex-ui-card pa-exc__section" disabled={!editable}>
        <legend className="pa-page__subtitle">Формат и цена</legend>
        <div className="pa-exc__pair">
          <Field label="Продолжительность, минут" error={errors.duration_minutes}>
            {(props) => <input {...props} className="ex-ui-input" type="number" min={15} inputMode="numeric" value={form.duration_minutes ?? ''} onChange={(e) => set('duration_minutes', e.target.value ? Number(e.target.value) : null)} />}
          </Field>
          <Field label="Размер группы, до" error={errors.group_size_max}>
            {(props) => <input {...props} className="ex-ui-input" type="number" min={1} inputMode="numeric" value={form.group_size_max ?? ''} onChange={(e) => set('group_size_max', e.target.value ? Number(e.target.value) : null)} />}
          </Field>
          <Field label="Формат">
            {(props) => (
              <select {...props} className="ex-ui-select" disabled={locked} value={form.format} onChange={(e) => set('format', e.target.value as Form['format'])}>
                <option value="group">Групповая</option>
                <option value="individual">Индивидуальная</option>
              </select>
            )}
          </Field>
          <Field label="Тип цены">
            {(props) => (
              <select {...props} className="ex-ui-select" disabled={locked} value={form.price_type} onChange={(e) => set('price_type', e.target.value as Form['price_type'])}>
                <option value="per_person">За человека</option>
                <option value="per_group">За группу</option>
              </select>
            )}
          </Field>
        </div>
        <fieldset className="pa-exc__units" aria-describedby={errors.price_units ? 'pa-exc-units-error' : undefined}>
          <legend className="ex-ui-label">Цены, ₽</legend>
          {form.price_units.map((u, i) => (
            <div key={i} className="pa-exc__unit">
              <Field label={`Категория ${i + 1}`}>
                {(props) => <input {...props} className="ex-ui-input" maxLength={PRICE_NAME_MAX} value={u.name} onChange={(e) => unit(i, { name: e.target.value, code: u.code || `unit${i + 1}` })} />}
              </Field>
              <Field label={`Цена ${i + 1}`}>
                {(props) => <input {...props} className="ex-ui-input" type="number" min={0} max={PRICE_MAX} inputMode="numeric" value={u.price || ''} onChange={(e) => unit(i, { price: Math.min(PRICE_MAX, Math.max(0, Math.trunc(Number(e.target.value) || 0))) })} />}
              </Field>
              {form.price_units.length > 1 && (
                <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-label={`Убрать категорию ${i + 1}`} onClick={() => set('price_units', form.price_units.filter((_, j) => j !== i))}>
                  ×
                </button>
              )}
            </div>
          ))}
          <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => set('price_units', [...form.price_units, { code: `unit${form.price_units.length + 1}`, name: 'Детский', price: 0 }])}>
            Добавить категорию
          </button>
          {errors.price_units && (
            <p id="pa-exc-units-error" className="ex-ui-error">
              {errors.price_units}
            </p>
          )}
        </fieldset>
        {form.format !== 'individual' && (
          <fieldset className="pa-exc__group" aria-describedby="pa-exc-group-hint">
            <legend className="ex-ui-label">Минимальная группа</legend>
            <p id="pa-exc-group-hint" className="ex-ui-hint">
              Слот состоится, только если запишется столько человек. Если к сроку решения группа не собралась, слот отменится, путешественникам вернётся предоплата
              и предложатся ближайшие даты. Для отдельного слота минимум можно изменить в календаре.
            </p>
            <div className="pa-exc__pair">
              <Field label="Минимум человек" hint="Пусто — слот состоится при любом числе" error={errors.group_min}>
                {(props) => (
                  <input
                    {...props}
                    className="ex-ui-input"
                    type="number"
                    min={GROUP_MIN_LEAST}
                    max={form.group_size_max ?? undefined}
                    inputMode="numeric"
                    value={form.group_min ?? ''}
                    onChange={(e) => set('group_min', e.target.value ? Number(e.target.value) : null)}
                  />
                )}
              </Field>
              <Field label="Решение за сколько часов до начала" hint={`От 1 до ${GROUP_DECISION_HOURS_MAX}`} error={errors.decision_hours}>
                {(props) => (
                  <input
                    {...props}
                    className="ex-ui-input"
                    type="number"
                    min={1}
                    max={GROUP_DECISION_HOURS_MAX}
                    inputMode="numeric"
                    value={Number.isNaN(form.group_decision_hours) ? '' : form.group_decision_hours}
                    onChange={(e) => set('group_decision_hours', e.target.value ? Number(e.target.value) : Number.NaN)}
                  />
                )}
              </Field>
            </div>
          </fieldset>
        )}
        <label className="pa-exc__check">
          <input type="checkbox" checked={form.instant_booking} onChange={(e) => set('instant_booking', e.target.checked)} /> Моментальное бронирование (без подтверждения)
        </label>
        <Field label="Условия отмены" error={errors.cancellation_terms}>
          {(props) => <textarea {...props} className="ex-ui-textarea" rows={3} value={form.cancellation_terms} onChange={(e) => set('cancellation_terms', e.target.value)} />}
        </Field>
      </fieldset>

      <Photos excursion={excursion} onChanged={setExcursion} />
    </div>
  );
}
