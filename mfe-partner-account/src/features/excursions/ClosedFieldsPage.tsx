import { useState, type FormEvent } from 'react';
import { Link, useLoaderData } from '@excursio/shared/router';
import { bus, type PartnerExcursion } from '@excursio/shared';
import { AccountPage } from '../../components/AccountPage';
import { Field, FormAlert, formErrors, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { excursionCalls } from './excursionCalls';
import { editPath } from './excursionPaths';
import './excursions.css';

export { excursionLoader } from './excursionLoader';

const CLOSED_LABEL: Record<string, string> = { title: 'Название', city_id: 'Город', format: 'Формат', price_type: 'Тип цены' };
const FORMAT_TEXT: Record<string, string> = { group: 'групповая', individual: 'индивидуальная', per_person: 'за человека', per_group: 'за группу' };

/** /account/partner/excursions/edit/closed_fields/:id — propose a change of the fields locked after publication. */
export function ClosedFieldsPage() {
  const loaded = useLoaderData() as PartnerExcursion | null;
  const [excursion, setExcursion] = useState(loaded);
  const options = useLoad('options', async () => (await excursionCalls.options()).data);
  const [form, setForm] = useState(() => ({ title: loaded?.title ?? '', city_id: String(loaded?.city_id ?? ''), format: loaded?.format ?? 'group', price_type: loaded?.price_type ?? 'per_person', comment: '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  if (!excursion) return null;
  const cityName = (id: unknown) => options.data?.cities.find((c) => c.id === Number(id))?.name ?? String(id);
  const show = (field: string, value: unknown) => (field === 'city_id' ? cityName(value) : FORMAT_TEXT[String(value)] ?? String(value));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    await run(
      async () => {
        const answer = await excursionCalls.proposeChange(excursion.id, { title: form.title, city_id: Number(form.city_id), format: form.format, price_type: form.price_type, comment: form.comment });
        setExcursion(answer.data);
        bus.emit('toast:show', { type: 'info', message: 'Изменение отправлено на модерацию' });
      },
      { onError: (failure) => setErrors(formErrors(failure)) },
    );
  };
  const pending = excursion.change_requests.find((r) => r.status === 'pending');
  return (
    <AccountPage heading={`Изменение закрытых полей: «${excursion.title}»`} title={`Изменение закрытых полей №${excursion.id}`}>
      <p className="ex-ui-page__empty">
        После публикации название, город, формат и тип цены меняются только через модерацию. Пока изменение на проверке, в каталоге остаётся прежний вариант.
      </p>
      {pending && (
        <output className="ex-ui-notice">
          Изменение на модерации с {new Date(pending.created_at).toLocaleDateString('ru-RU')}.
        </output>
      )}
      <form className="ex-ui-card pa-exc__new" onSubmit={submit} noValidate aria-label="Предложить изменение">
        <FormAlert text={errors.form} />
        <Field label="Название" error={errors.title}>
          {(props) => <input {...props} className="ex-ui-input" maxLength={300} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />}
        </Field>
        <Field label="Город" error={errors.city_id}>
          {(props) => (
            <select {...props} className="ex-ui-select" value={form.city_id} onChange={(e) => setForm({ ...form, city_id: e.target.value })}>
              {options.data?.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Формат">
          {(props) => (
            <select {...props} className="ex-ui-select" value={form.format} onChange={(e) => setForm({ ...form, format: e.target.value as typeof form.format })}>
              <option value="group">Групповая</option>
              <option value="individual">Индивидуальная</option>
            </select>
          )}
        </Field>
        <Field label="Тип цены">
          {(props) => (
            <select {...props} className="ex-ui-select" value={form.price_type} onChange={(e) => setForm({ ...form, price_type: e.target.value as typeof form.price_type })}>
              <option value="per_person">За человека</option>
              <option value="per_group">За группу</option>
            </select>
          )}
        </Field>
        <Field label="Комментарий модератору (необязательно)">
          {(props) => <textarea {...props} className="ex-ui-textarea" rows={3} value={form.comment} onChange={(e) => setForm({ ...form, comment: e.target.value })} />}
        </Field>
        <button type="submit" className="ex-ui-button" disabled={busy}>
          Отправить на модерацию
        </button>
      </form>
      {excursion.change_requests.length > 0 && (
        <section aria-labelledby="pa-exc-requests" className="pa-exc__requests">
          <h2 id="pa-exc-requests" className="pa-page__subtitle">
            Предложенные изменения
          </h2>
          <ul className="pa-exc__list">
            {excursion.change_requests.map((r) => (
              <li key={r.id} className="ex-ui-card">
                <p className="pa-exc__meta">
                  <span className={`pa-exc__badge pa-exc__badge--${r.status === 'approved' ? 'published' : r.status === 'rejected' ? 'rejected' : 'moderation'}`}>
                    {r.status === 'approved' ? 'Принято' : r.status === 'rejected' ? 'Не принято' : 'На модерации'}
                  </span>
                </p>
                <ul className="pa-exc__diff">
                  {Object.entries(r.changes).map(([field, change]) => (
                    <li key={field}>
                      {CLOSED_LABEL[field] ?? field}: <del>{show(field, change.from)}</del> → <ins>{show(field, change.to)}</ins>
                    </li>
                  ))}
                </ul>
                {r.moderator_comment && <p className="pa-exc__comment">Модератор: {r.moderator_comment}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link to={editPath(excursion.id)} className="ex-ui-page__link">
        К редактированию экскурсии
      </Link>
    </AccountPage>
  );
}
