import { Link } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import { pluralRu, session } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { AccountPage } from '../../components/AccountPage';
import './main.css';

interface Section {
  to: string;
  title: string;
  note: string;
}

/** /account/user: greeting and the way to every section of the account. */
export const MainPage = observer(function MainPage() {
  const profile = session.profile;
  const favorites = session.favorites.length;
  const sections: Section[] = [
    { to: '/account/user/ticket', title: 'Билеты', note: 'Билеты на оплаченные экскурсии' },
    {
      to: '/account/user/favorite',
      title: 'Избранное',
      note: favorites > 0 ? pluralRu(favorites, ['экскурсия', 'экскурсии', 'экскурсий']) : 'Пока пусто',
    },
    { to: '/account/user/reviews', title: 'Отзывы', note: 'Ваши отзывы об экскурсиях' },
    { to: '/account/user/notification', title: 'Уведомления', note: 'Новости о заказах и сообщения' },
    { to: '/account/user/support', title: 'Поддержка', note: 'Вопросы и обращения' },
    { to: '/account/user/profile', title: 'Профиль', note: 'Имя и телефон' },
  ];

  return (
    <AccountPage heading={profile ? `Здравствуйте, ${profile.name}!` : 'Личный кабинет'} title="Личный кабинет">
      {profile && <p className="ua-main__phone">{formatPhone(profile.phone)}</p>}
      <nav aria-label="Разделы кабинета">
        <ul className="ua-main__sections">
          {sections.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="ua-main__section">
                <span className="ua-main__section-title">{s.title}</span>
                <span className="ua-main__section-note">{s.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AccountPage>
  );
});
