import { NavLink, Outlet, useNavigate } from '@excursio/shared/router';
import { bus, session } from '@excursio/shared';
import { useLoad } from '@excursio/shared/ui';
import { staffCalls } from './staffCalls';
import { StaffContext } from './StaffContext';
import './layout.css';

export const SECTIONS: readonly { to: string; label: string; end?: boolean; adminOnly?: boolean }[] = [
  { to: '/backoffice', label: 'Сводка', end: true },
  { to: '/backoffice/moderation', label: 'Модерация' },
  { to: '/backoffice/support', label: 'Поддержка' },
  { to: '/backoffice/orders', label: 'Заказы' },
  { to: '/backoffice/accounts', label: 'Аккаунты' },
  { to: '/backoffice/reviews', label: 'Отзывы' },
  { to: '/backoffice/content', label: 'Контент' },
  { to: '/backoffice/synonyms', label: 'Синонимы поиска' },
  { to: '/backoffice/audit', label: 'Журнал действий' },
  { to: '/backoffice/outbox', label: 'Очередь сообщений' },
  { to: '/backoffice/releases', label: 'Выпуски', adminOnly: true },
];

const ROLE_NAMES = { staff: 'сотрудник', admin: 'администратор' } as const;

/** The back office around every page: its own navigation (a column on a desktop, a scrolling row on a phone). */
export function BackofficeLayout() {
  const me = useLoad('me', () => staffCalls.me().then((r) => r.data));
  const navigate = useNavigate();
  // leave the area first: signed out on a back-office address, the shell would answer its 404 there
  const signOut = async () => {
    await navigate('/');
    await session.signOut();
    bus.emit('auth:signed-out');
  };
  return (
    <StaffContext.Provider value={me.data}>
      <div className="bo-layout">
        <div className="bo-layout__side">
          <p className="bo-layout__brand">Бэк-офис</p>
          {me.data && (
            <p className="bo-layout__me">
              {me.data.name}, {ROLE_NAMES[me.data.role]}
            </p>
          )}
          <nav aria-label="Разделы бэк-офиса">
            <ul className="bo-nav">
              {SECTIONS.filter((section) => !section.adminOnly || me.data?.role === 'admin').map((section) => (
                <li key={section.to}>
                  <NavLink className="bo-nav__link" to={section.to} end={section.end}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button type="button" className="bo-layout__signout" onClick={() => void signOut()}>
            Выйти
          </button>
        </div>
        <div className="bo-layout__content">
          <Outlet />
        </div>
      </div>
    </StaffContext.Provider>
  );
}
