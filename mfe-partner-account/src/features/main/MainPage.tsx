import { Link } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import { session } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { AccountPage } from '../../components/AccountPage';
import './main.css';

const SECTIONS = [
  { to: '/account/partner/calendar', title: 'Календарь', note: 'Расписание и заказы' },
  { to: '/account/partner/excursions', title: 'Мои экскурсии', note: 'Описание, цены, модерация' },
  { to: '/account/partner/static', title: 'Статистика', note: 'Заказы и просмотры' },
  { to: '/account/partner/reviews', title: 'Отзывы', note: 'Отзывы путешественников' },
  { to: '/account/partner/notification', title: 'Уведомления', note: 'Новости о заказах и сообщения' },
  { to: '/account/partner/support', title: 'Поддержка', note: 'Вопросы и обращения' },
  { to: '/account/partner/profile', title: 'Профиль', note: 'Имя и телефон' },
] as const;

/** /account/partner: greeting and the way to every section of the partner account. */
export const MainPage = observer(function MainPage() {
  const profile = session.profile;
  return (
    <AccountPage heading={profile ? `Здравствуйте, ${profile.name}!` : 'Кабинет партнёра'} title="Кабинет партнёра">
      {profile && <p className="pa-main__phone">{formatPhone(profile.phone)}</p>}
      <nav aria-label="Разделы кабинета">
        <ul className="pa-main__sections">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="pa-main__section">
                <span className="pa-main__section-title">{s.title}</span>
                <span className="pa-main__section-note">{s.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AccountPage>
  );
});
