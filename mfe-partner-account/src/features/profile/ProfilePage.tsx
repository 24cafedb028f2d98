import { observer } from 'mobx-react-lite';
import { session } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { AccountPage } from '../../components/AccountPage';
import './profile.css';

/** /account/partner/profile: the partner profile as the account knows it (read-only here). */
export const ProfilePage = observer(function ProfilePage() {
  const profile = session.profile;
  return (
    <AccountPage heading="Профиль">
      {profile && (
        <dl className="pa-profile">
          <div className="pa-profile__row">
            <dt className="pa-profile__label">Имя</dt>
            <dd className="pa-profile__value">{profile.name}</dd>
          </div>
          <div className="pa-profile__row">
            <dt className="pa-profile__label">Телефон</dt>
            <dd className="pa-profile__value">{formatPhone(profile.phone)}</dd>
          </div>
        </dl>
      )}
    </AccountPage>
  );
});
