import { useState, type FormEvent } from 'react';
import { Link, replace, useLoaderData, useNavigate, type LoaderFunctionArgs } from '@excursio/shared/router';
import { bus, session, type ExcursionStatus, type PartnerExcursion, type PartnerExcursionItem, orRouteError } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { failureText, Field, fieldErrors, FormAlert, LoadError, Skeleton } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { parseEditorId } from './editorId';
import { ExcursionEditor } from './ExcursionEditor';
import { StatusBadge } from './StatusBadge';
import { excursionCalls, type ExcursionAction } from './excursionCalls';
import './excursions.css';

const LIST = '/account/partner/excursions';

const ACTIONS: Partial<Record<ExcursionStatus, Array<[ExcursionAction, string]>>> = {
  draft: [['duplicate', 'Копировать'], ['archive', 'В архив']],
  rejected: [['duplicate', 'Копировать'], ['archive', 'В архив']],
  published: [['hide', 'Скрыть'], ['duplicate', 'Копировать'], ['archive', 'В архив']],
  hidden: [['show', 'Показать'], ['duplicate', 'Копировать'], ['archive', 'В архив']],
  archived: [['restore', 'Восстановить']],
  moderation: [['withdraw', 'Вернуть в черновик']],
};

function Row({ item, onChanged }: { item: PartnerExcursionItem; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const act = async (action: ExcursionAction) => {
    setBusy(true);
    try {
      const answer = (await excursionCalls.act(item.id, action)).data;
      if (action === 'duplicate') return void navigate(`${LIST}/edit/${answer.id}`);
      onChanged();
    } catch (failure) {
      bus.emit('toast:show', { type: 'error', message: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="ex-ui-card pa-exc__item">
      {item.cover_url ? <img className="pa-exc__cover" src={item.cover_url} alt="" width={120} height={80} loading="lazy" /> : <span className="pa-exc__cover pa-exc__cover--empty" aria-hidden="true" />}
      <div className="pa-exc__body">
        <Link to={`${LIST}/edit/${item.id}`} className="pa-page__link pa-exc__title">
          {item.title}
        </Link>
        <p className="pa-exc__meta">
          <StatusBadge status={item.status} />
          {item.city && <span>{item.city}</span>}
          <span>заказов: {item.orders}</span>
          <span>слотов впереди: {item.upcoming_slots}</span>
          {item.pending_change && <span>изменение на модерации</span>}
        </p>
        {item.status === 'rejected' && item.moderation_comment && <p className="pa-exc__comment">Модератор: {item.moderation_comment}</p>}
        <div className="pa-exc__actions">
          {item.path && (
            <Link to={item.path} className="pa-page__link">
              В каталоге
            </Link>
          )}
          {(ACTIONS[item.status] ?? []).map(([action, label]) => (
            <button key={action} type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} aria-label={`${label}: ${item.title}`} onClick={() => void act(action)}>
              {label}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}

/** /account/partner/excursions (account-sub layout): my excursions with their status, counts and actions. */
export function ExcursionsPage() {
  const loaded = useLoad('excursions', async () => (await excursionCalls.list()).data);
  return (
    <AccountPage heading="Мои экскурсии">
      <Link to={`${LIST}/add`} className="ex-ui-button pa-exc__add">
        Добавить экскурсию
      </Link>
      {loaded.error && !loaded.data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <Skeleton lines={3} height={96} />
      ) : loaded.data.length === 0 ? (
        <EmptyState>Экскурсий пока нет. Добавьте первую: черновик сохраняется сам, пока вы заполняете поля.</EmptyState>
      ) : (
        <ul className="pa-exc__list">
          {loaded.data.map((item) => (
            <Row key={item.id} item={item} onChanged={loaded.reload} />
          ))}
        </ul>
      )}
    </AccountPage>
  );
}

/** /account/partner/excursions/add: the city and a working title start a draft; the editor takes it from there. */
export function NewExcursionPage() {
  const options = useLoad('options', async () => (await excursionCalls.options()).data);
  const [title, setTitle] = useState('');
  const [city, setCity] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!city) return setErrors({ city_id: 'Выберите город.' });
    setBusy(true);
    try {
      const created = (await excursionCalls.create(Number(city), title)).data;
      void navigate(`${LIST}/edit/${created.id}`, { replace: true });
    } catch (failure) {
      const fields = fieldErrors(failure);
      setErrors(Object.keys(fields).length ? fields : { form: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountPage heading="Новая экскурсия">
      <form className="ex-ui-card pa-exc__new" onSubmit={submit} noValidate aria-label="Новая экскурсия">
        <FormAlert text={errors.form} />
        <Field label="Название (можно изменить до публикации)" error={errors.title}>
          {(props) => <input {...props} className="ex-ui-input" maxLength={300} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label="Город" error={errors.city_id}>
          {(props) => (
            <select {...props} className="ex-ui-select" value={city} onChange={(e) => setCity(e.target.value)}>
              <option value="">Выберите город</option>
              {options.data?.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="ex-ui-button" disabled={busy}>
          Создать черновик
        </button>
      </form>
      <Link to={LIST} className="pa-page__link">
        Мои экскурсии
      </Link>
    </AccountPage>
  );
}

/** The editor's and the closed-fields page's data; `edit/{id}old` (the old editor) opens the current one. */
export async function excursionLoader({ params, request }: LoaderFunctionArgs): Promise<PartnerExcursion | null> {
  const { id, legacy } = parseEditorId(params.id ?? '');
  if (legacy) throw replace(`${LIST}/edit/${id}`);
  await session.restore();
  if (session.profile?.user_type !== 'partner') return null;
  return (await orRouteError(request, excursionCalls.get(Number(id)))).data;
}

/** /account/partner/excursions/edit/:id */
export function EditExcursionPage() {
  const excursion = useLoaderData() as PartnerExcursion | null;
  if (!excursion) return null;
  return (
    <AccountPage heading={excursion.title ? `«${excursion.title}»` : `Экскурсия №${excursion.id}`} title={`Редактирование экскурсии №${excursion.id}`}>
      <ExcursionEditor initial={excursion} />
    </AccountPage>
  );
}

const CLOSED_LABEL: Record<string, string> = { title: 'Название', city_id: 'Город', format: 'Формат', price_type: 'Тип цены' };
const FORMAT_TEXT: Record<string, string> = { group: 'групповая', individual: 'индивидуальная', per_person: 'за человека', per_group: 'за группу' };

/** /account/partner/excursions/edit/closed_fields/:id — propose a change of the fields locked after publication. */
export function ClosedFieldsPage() {
  const loaded = useLoaderData() as PartnerExcursion | null;
  const [excursion, setExcursion] = useState(loaded);
  const options = useLoad('options', async () => (await excursionCalls.options()).data);
  const [form, setForm] = useState(() => ({ title: loaded?.title ?? '', city_id: String(loaded?.city_id ?? ''), format: loaded?.format ?? 'group', price_type: loaded?.price_type ?? 'per_person', comment: '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!excursion) return null;
  const cityName = (id: unknown) => options.data?.cities.find((c) => c.id === Number(id))?.name ?? String(id);
  const show = (field: string, value: unknown) => (field === 'city_id' ? cityName(value) : FORMAT_TEXT[String(value)] ?? String(value));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const answer = await excursionCalls.proposeChange(excursion.id, { title: form.title, city_id: Number(form.city_id), format: form.format, price_type: form.price_type, comment: form.comment });
      setExcursion(answer.data);
      bus.emit('toast:show', { type: 'info', message: 'Изменение отправлено на модерацию' });
    } catch (failure) {
      const fields = fieldErrors(failure);
      setErrors(Object.keys(fields).length ? fields : { form: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };
  const pending = excursion.change_requests.find((r) => r.status === 'pending');
  return (
    <AccountPage heading={`Изменение закрытых полей: «${excursion.title}»`} title={`Изменение закрытых полей №${excursion.id}`}>
      <p className="pa-page__empty">
        После публикации название, город, формат и тип цены меняются только через модерацию. Пока изменение на проверке, в каталоге остаётся прежний вариант.
      </p>
      {pending && (
        <p className="ex-ui-notice" role="status">
          Изменение на модерации с {new Date(pending.created_at).toLocaleDateString('ru-RU')}.
        </p>
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
      <Link to={`${LIST}/edit/${excursion.id}`} className="pa-page__link">
        К редактированию экскурсии
      </Link>
    </AccountPage>
  );
}
