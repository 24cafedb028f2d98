import { useState } from 'react';
import { Link } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import { bus, session } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';

/** The profile modal: who is signed in, a way to their account, and signing out. */
export const ProfileCard = observer(function ProfileCard({ onClose }: { onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const profile = session.profile;

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

  const account = profile.user_type === 'partner' ? '/account/partner' : '/account/user';
  return (
    <div className="au-step">
      <h2 className="au-step__title">{profile.name}</h2>
      <p className="au-step__lead au-step__phone">{formatPhone(profile.phone)}</p>
      <Link to={account} className="au-button au-button--secondary" onClick={onClose}>
        Личный кабинет
      </Link>
      <button type="button" className="au-button" onClick={signOut} disabled={pending} aria-busy={pending}>
        Выйти
      </button>
    </div>
  );
});
