import { useState, type FormEvent } from 'react';
import { Link } from '@excursio/shared/router';
import { bus, http, session, useSession, type AccountSettingsResponse } from '@excursio/shared';
import { DEFAULT_NAME, NAME_MAX } from '@excursio/shared/contracts';
import { formatPhone } from '@excursio/shared/phone';
import { Field, failureText, fieldErrors, useAction } from '@excursio/shared/ui';

const renameCall = (name: string) => http.request<AccountSettingsResponse>('PUT', '/api/excursion/user/account/name', { body: { name } });

/** The quick name edit of the profile modal (also what a new account is asked: «Путешественник» is no name). */
function NameForm({ initial, onDone, onCancel, cancelText }: { initial: string; onDone: () => void; onCancel: () => void; cancelText: string }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setError('Укажите имя: хотя бы 2 буквы.');
    await run(
      async () => {
        await renameCall(name);
        await session.loadProfile();
        bus.emit('toast:show', { type: 'info', message: 'Имя сохранено' });
        onDone();
      },
      { onError: (failure) => setError(fieldErrors(failure).name ?? failureText(failure)) },
    );
  };
  return (
    <form className="au-step au-name-form" onSubmit={submit} noValidate>
      <Field label="Ваше имя" error={error} hint="Его увидят гиды в ваших заказах">
        {(props) => (
          <input {...props} autoFocus className="ex-ui-input" autoComplete="name" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <button type="submit" className="au-button" disabled={busy} aria-busy={busy}>
        Сохранить
      </button>
      <button type="button" className="au-button au-button--secondary" onClick={onCancel}>
        {cancelText}
      </button>
    </form>
  );
}

/** The profile modal: who is signed in, a quick name edit, the way to their account, and signing out. */
export function ProfileCard({ onClose }: { onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const { profile } = useSession();
  const unnamed = profile?.name === DEFAULT_NAME;
  const [editing, setEditing] = useState(unnamed);

  if (!profile) {
    return (
      <div className="au-step">
        <h2 className="au-step__title">Профиль</h2>
        <p className="au-step__lead">Вы не вошли в аккаунт.</p>
        <button type="button" className="au-button" onClick={() => bus.emit('modal:open', { type: 'auth' })}>
          Войти
        </button>
      </div>
    );
  }

  const signOut = async () => {
    setPending(true);
    await session.signOut();
    bus.emit('auth:signed-out');
    onClose();
  };

  if (editing) {
    return (
      <div className="au-step">
        <h2 className="au-step__title">{unnamed ? 'Как к вам обращаться?' : 'Изменить имя'}</h2>
        <NameForm
          initial={unnamed ? '' : profile.name}
          onDone={() => setEditing(false)}
          onCancel={unnamed ? onClose : () => setEditing(false)}
          cancelText={unnamed ? 'Не сейчас' : 'Отмена'}
        />
      </div>
    );
  }

  const partner = profile.user_type === 'partner';
  const account = partner ? '/account/partner' : '/account/user';
  return (
    <div className="au-step">
      <h2 className="au-step__title">{profile.name}</h2>
      <p className="au-step__lead au-step__phone">{formatPhone(profile.phone)}</p>
      {!partner && (
        <button type="button" className="au-link-button" onClick={() => setEditing(true)}>
          Изменить имя
        </button>
      )}
      <Link to={account} className="au-button au-button--secondary" onClick={onClose}>
        Личный кабинет
      </Link>
      <Link to={`${account}/profile`} className="au-button au-button--secondary" onClick={onClose}>
        {partner ? 'Профиль гида' : 'Настройки профиля'}
      </Link>
      <button type="button" className="au-button" onClick={signOut} disabled={pending} aria-busy={pending}>
        Выйти
      </button>
    </div>
  );
}
