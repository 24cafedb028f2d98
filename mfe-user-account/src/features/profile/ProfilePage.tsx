import { observer } from 'mobx-react-lite';
import { session } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { AccountPage } from '../../components/AccountPage';
import './profile.css';

/** /account/user/profile: the profile as the account knows it (read-only here). */
export const ProfilePage = observer(function ProfilePage() {
  const profile = session.profile;
  return (
    <AccountPage heading="Профиль">
      {profile && (
        <dl className="ua-profile">
          <div className="ua-profile__row">
            <dt className="ua-profile__label">Имя</dt>
            <dd className="ua-profile__value">{profile.name}</dd>
          </div>
          <div className="ua-profile__row">
            <dt className="ua-profile__label">Телефон</dt>
            <dd className="ua-profile__value">{formatPhone(profile.phone)}</dd>
          </div>
        </dl>
      )}
    </AccountPage>
  );
});
