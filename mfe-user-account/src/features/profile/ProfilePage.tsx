import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@excursio/shared/router';
import { bus, session, type AccountSettings } from '@excursio/shared';
import { DEFAULT_NAME, EMAIL_CODE_LENGTH, NAME_MAX } from '@excursio/shared/contracts';
import { Field, failureText, fieldErrors, LoadError, Skeleton, useAction, useLoad } from '@excursio/shared/ui';
import { AccountPage } from '../../components/AccountPage';
import { localPhotoProblem, uploadCalls } from '../../components/uploads';
import { accountCalls } from './accountCalls';
import { PhoneSection } from './PhoneSection';
import { RemindersSwitch } from './RemindersSwitch';
import './profile.css';

type Save = (settings: AccountSettings) => void;

/** Runs an api change, showing its field errors or a failure; true when it went through. */
function useSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run: runAction } = useAction();
  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setErrors({});
    setFailure(null);
    const done = await runAction(
      async () => {
        await work();
        return true;
      },
      {
        onError: (error) => {
          const fields = fieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFailure(failureText(error));
        },
      },
    );
    return done ?? false;
  };
  return { errors, setErrors, failure, busy, run };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ex-ui-card ua-settings__section" aria-labelledby={id}>
      <h2 id={id} className="ua-settings__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Failure({ text }: { text: string | null }) {
  return text ? (
    <p className="ex-ui-alert" role="alert">
      {text}
    </p>
  ) : null;
}

function NameSection({ settings, onSaved }: { settings: AccountSettings; onSaved: Save }) {
  const [name, setName] = useState(settings.name === DEFAULT_NAME ? '' : settings.name);
  const { errors, setErrors, failure, busy, run } = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setErrors({ name: 'Укажите имя: хотя бы 2 буквы.' });
    const saved = await run(async () => onSaved((await accountCalls.rename(name)).data));
    if (!saved) return;
    await session.loadProfile(); // the header and the guides see the new name
    bus.emit('toast:show', { type: 'info', message: 'Имя сохранено' });
  };
  return (
    <Section id="ua-settings-name" title="Имя">
      <form className="ua-settings__form" onSubmit={submit} noValidate>
        <Failure text={failure} />
        <Field label="Как к вам обращаться" error={errors.name} hint="Имя видят гиды в ваших заказах и читатели ваших отзывов">
          {(props) => (
            <input {...props} className="ex-ui-input" autoComplete="name" maxLength={NAME_MAX} value={name} placeholder={DEFAULT_NAME} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <button type="submit" className="ex-ui-button" disabled={busy}>
          Сохранить имя
        </button>
      </form>
    </Section>
  );
}

function PhotoSection({ settings, onSaved }: { settings: AccountSettings; onSaved: Save }) {
  const inputId = useId();
  const { errors, setErrors, failure, busy, run } = useSubmit();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = localPhotoProblem(file);
    if (local) return setErrors({ photo: local });
    const saved = await run(async () => {
      const image = (await uploadCalls.uploadImage(file, 'portrait')).data;
      onSaved((await accountCalls.setAvatar(image.id)).data);
    });
    if (saved) await session.loadProfile();
  };
  const remove = async () => {
    if (await run(async () => onSaved((await accountCalls.removeAvatar()).data))) await session.loadProfile();
  };
  const error = errors.photo ?? errors.image_id;
  return (
    <Section id="ua-settings-photo" title="Фото">
      <Failure text={failure} />
      <div className="ua-settings__photo">
        {settings.avatar_path ? (
          <img className="ua-settings__avatar" src={settings.avatar_path} alt="Ваше фото" width={96} height={96} />
        ) : (
          <span className="ua-settings__avatar ua-settings__avatar--empty" aria-hidden="true">
            {settings.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="ua-settings__actions">
          <label className="ex-ui-button ex-ui-button--secondary ex-ui-upload" htmlFor={inputId}>
            {busy ? 'Загружаем…' : settings.avatar_path ? 'Заменить фото' : 'Загрузить фото'}
            <input id={inputId} className="ex-ui-sr" type="file" accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif" disabled={busy} onChange={choose} aria-describedby={error ? `${inputId}-error` : undefined} />
          </label>
          {settings.avatar_path && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={remove}>
              Удалить фото
            </button>
          )}
        </div>
      </div>
      <p className="ex-ui-hint">JPEG, PNG, WebP или HEIC до 10 МБ. Мы убираем из файла геометку и данные камеры.</p>
      {error && (
        <p id={`${inputId}-error`} className="ex-ui-error" role="alert">
          {error}
        </p>
      )}
    </Section>
  );
}

function EmailSection({ settings, onSaved }: { settings: AccountSettings; onSaved: Save }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [editing, setEditing] = useState(!settings.email);
  const { errors, setErrors, failure, busy, run } = useSubmit();
  const pending = settings.pending_email;

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setErrors({ email: 'Введите адрес электронной почты.' });
    if (await run(async () => onSaved((await accountCalls.requestEmail(email)).data))) setCode('');
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code.trim())) return setErrors({ code: `Введите код из ${EMAIL_CODE_LENGTH} цифр из письма.` });
    if (await run(async () => onSaved((await accountCalls.confirmEmail(code.trim())).data))) {
      setEditing(false);
      setEmail('');
      bus.emit('toast:show', { type: 'info', message: 'Почта подтверждена' });
    }
  };
  const remove = async () => {
    if (await run(async () => onSaved((await accountCalls.removeEmail()).data))) setEditing(true);
  };

  return (
    <Section id="ua-settings-email" title="Электронная почта">
      <Failure text={failure} />
      {settings.email && (
        <p className="ua-settings__value">
          {settings.email} <span className="ua-settings__ok">подтверждена</span>
        </p>
      )}
      <p className="ex-ui-hint">Необязательно. На почту придут чеки и напоминания о поездках — только после подтверждения кодом.</p>
      {settings.email && <RemindersSwitch settings={settings} onSaved={onSaved} />}
      {pending ? (
        <form className="ua-settings__form" onSubmit={confirm} noValidate>
          <p className="ua-settings__value">
            Мы отправили код на <strong>{pending}</strong>. Письмо может идти пару минут.
          </p>
          <Field label="Код из письма" error={errors.code}>
            {(props) => (
              <input {...props} className="ex-ui-input ua-settings__code" inputMode="numeric" autoComplete="one-time-code" maxLength={EMAIL_CODE_LENGTH} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            )}
          </Field>
          <div className="ua-settings__actions">
            <button type="submit" className="ex-ui-button" disabled={busy}>
              Подтвердить
            </button>
            <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void run(async () => onSaved((await accountCalls.requestEmail(pending)).data))}>
              Отправить код ещё раз
            </button>
          </div>
        </form>
      ) : editing ? (
        <form className="ua-settings__form" onSubmit={ask} noValidate>
          <Field label={settings.email ? 'Новый адрес' : 'Адрес'} error={errors.email}>
            {(props) => <input {...props} type="email" className="ex-ui-input" autoComplete="email" maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <div className="ua-settings__actions">
            <button type="submit" className="ex-ui-button" disabled={busy}>
              Получить код
            </button>
            {settings.email && (
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(false)}>
                Отмена
              </button>
            )}
          </div>
        </form>
      ) : (
        <div className="ua-settings__actions">
          <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(true)}>
            Изменить почту
          </button>
          <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={remove}>
            Удалить почту
          </button>
        </div>
      )}
    </Section>
  );
}

function DeleteSection({ settings }: { settings: AccountSettings }) {
  const [confirming, setConfirming] = useState(false);
  const { failure, busy, run } = useSubmit();
  const navigate = useNavigate();
  const remove = async () => {
    if (!(await run(async () => void (await accountCalls.remove())))) return;
    await session.signOut();
    bus.emit('auth:signed-out');
    bus.emit('toast:show', { type: 'info', message: 'Аккаунт удалён. Спасибо, что были с нами.' });
    void navigate('/', { replace: true });
  };
  return (
    <Section id="ua-settings-delete" title="Удаление аккаунта">
      <Failure text={failure} />
      {settings.upcoming_orders > 0 ? (
        <p className="ua-settings__value">
          Удалить аккаунт можно, когда закончатся предстоящие заказы ({settings.upcoming_orders}). Отмените их или дождитесь поездок:{' '}
          <Link to="/account/user/ticket" className="ex-ui-page__link">
            мои билеты
          </Link>
          .
        </p>
      ) : confirming ? (
        <fieldset className="ua-settings__danger" aria-labelledby="ua-settings-delete-confirm">
          <p id="ua-settings-delete-confirm" className="ua-settings__value">
            Имя, телефон, почта и избранное будут стёрты, уведомления удалены, вход по этому номеру создаст новый пустой
            аккаунт. Отзывы останутся без имени, заказы — у гидов для отчётности, как требует закон. Отменить удаление
            нельзя.
          </p>
          <div className="ua-settings__actions">
            <button type="button" className="ex-ui-button ex-ui-button--danger" disabled={busy} onClick={remove}>
              Удалить аккаунт навсегда
            </button>
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setConfirming(false)}>
              Не удалять
            </button>
          </div>
        </fieldset>
      ) : (
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setConfirming(true)}>
          Удалить аккаунт
        </button>
      )}
    </Section>
  );
}

/** /account/user/profile: the full form — name, phone, a confirmed e-mail, deleting the account. */
export function ProfilePage() {
  const loaded = useLoad('account', async () => (await accountCalls.settings()).data);
  const settings = loaded.data;
  return (
    <AccountPage heading="Профиль">
      {loaded.error && !settings ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !settings ? (
        <Skeleton lines={3} height={120} />
      ) : (
        <div className="ua-settings">
          <NameSection settings={settings} onSaved={loaded.set} />
          <PhotoSection settings={settings} onSaved={loaded.set} />
          <PhoneSection settings={settings} onChanged={loaded.reload} />
          <EmailSection settings={settings} onSaved={loaded.set} />
          <DeleteSection settings={settings} />
        </div>
      )}
    </AccountPage>
  );
}
