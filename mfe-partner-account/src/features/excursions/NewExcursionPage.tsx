import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@excursio/shared/router';
import { AccountPage } from '../../components/AccountPage';
import { Field, FormAlert, formErrors, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { excursionCalls } from './excursionCalls';
import { editPath, EXCURSIONS_PATH } from './excursionPaths';
import './excursions.css';

/** /account/partner/excursions/add: the city and a working title start a draft; the editor takes it from there. */
export function NewExcursionPage() {
  const options = useLoad('options', async () => (await excursionCalls.options()).data);
  const [title, setTitle] = useState('');
  const [city, setCity] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!city) return setErrors({ city_id: 'Выберите город.' });
    await run(
      async () => {
        const created = (await excursionCalls.create(Number(city), title)).data;
        void navigate(editPath(created.id), { replace: true });
      },
      { onError: (failure) => setErrors(formErrors(failure)) },
    );
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
      <Link to={EXCURSIONS_PATH} className="ex-ui-page__link">
        Мои экскурсии
      </Link>
    </AccountPage>
  );
}
