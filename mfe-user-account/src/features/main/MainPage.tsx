import { useEffect, useState } from 'react';
import { Link } from '@excursio/shared/router';
import { bus, formatPrice, pluralRu, useSession } from '@excursio/shared';
import { DEFAULT_NAME } from '@excursio/shared/contracts';
import { formatPhone } from '@excursio/shared/phone';
import { formatEventMoment } from '@excursio/shared/time';
import { Skeleton, useLoad, useOrderUpdates } from '@excursio/shared/ui';
import { AccountPage } from '../../components/AccountPage';
import { countdownText, dashboardOf, type Attention } from './dashboard';
import { dashboardCalls } from './dashboardCalls';
import './main.css';

interface Section {
  to: string;
  title: string;
  note: string;
}

const NAME_PROMPT_KEY = 'excursio.name-prompt.dismissed';

/** A new account is asked for its name (skippable: «Не сейчас» is remembered on this device). */
function NamePrompt() {
  const [dismissed, setDismissed] = useState(() => window.localStorage.getItem(NAME_PROMPT_KEY) === '1');
  if (dismissed) return null;
  return (
    <section className="ex-ui-card ua-main__prompt" aria-labelledby="ua-main-prompt">
      <h2 id="ua-main-prompt" className="ua-main__subtitle">
        Как к вам обращаться?
      </h2>
      <p className="ua-main__text">Имя увидят гиды в ваших заказах — так им проще вас встретить.</p>
      <div className="ua-main__actions">
        <button type="button" className="ex-ui-button" onClick={() => bus.emit('modal:open', { type: 'profile' })}>
          Указать имя
        </button>
        <button
          type="button"
          className="ex-ui-button ex-ui-button--secondary"
          onClick={() => {
            window.localStorage.setItem(NAME_PROMPT_KEY, '1');
            setDismissed(true);
          }}
        >
          Не сейчас
        </button>
      </div>
    </section>
  );
}

function AttentionItem({ item }: { item: Attention }) {
  switch (item.kind) {
    case 'pay':
      return (
        <Link to={`/account/user/${item.order.id}`} className="ex-ui-page__link">
          Оплатите предоплату {formatPrice(item.order.prepayment)} по заказу №{item.order.id} — «{item.order.excursion.title}»
        </Link>
      );
    case 'chat':
      return (
        <Link to={`/account/user/${item.orderId}`} className="ex-ui-page__link">
          {pluralRu(item.count, ['новое сообщение', 'новых сообщения', 'новых сообщений'])} от гида по заказу №{item.orderId}
          {item.title ? ` — «${item.title}»` : ''}
        </Link>
      );
    case 'review':
      return (
        <Link to={`/account/user/reviews?order=${item.orderId}`} className="ex-ui-page__link">
          Оцените экскурсию «{item.title}»
        </Link>
      );
    case 'wait':
      return (
        <Link to={`/account/user/${item.order.id}`} className="ex-ui-page__link">
          Гид ещё не ответил на заказ №{item.order.id} — «{item.order.excursion.title}»
        </Link>
      );
  }
}

function Overview() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const loaded = useLoad('dashboard', async () => {
    // each part shows what it has: one failed call leaves the others
    const [orders, unread, reviews] = await Promise.allSettled([dashboardCalls.orders(), dashboardCalls.unreadChats(), dashboardCalls.reviews()]);
    return {
      orders: orders.status === 'fulfilled' ? orders.value.data.data : [],
      unread: unread.status === 'fulfilled' ? unread.value.data.orders : {},
      reviews: reviews.status === 'fulfilled' ? reviews.value.data : null,
    };
  });
  // the next trip and what needs attention follow an order's status live
  useOrderUpdates(() => true, loaded.reload);
  if (!loaded.data) return <Skeleton lines={2} height={96} />;
  const { next, attention } = dashboardOf(loaded.data.orders, loaded.data.unread, loaded.data.reviews, now);
  return (
    <div className="ua-main__overview">
      <section className="ex-ui-card ua-main__card" aria-labelledby="ua-main-next">
        <h2 id="ua-main-next" className="ua-main__subtitle">
          Ближайшая поездка
        </h2>
        {next ? (
          <>
            <p className="ua-main__trip">
              <Link to={`/account/user/${next.id}`} className="ex-ui-page__link ua-main__trip-title">
                {next.excursion.title}
              </Link>
            </p>
            <p className="ua-main__text">
              <span className="ua-main__countdown">{countdownText(next.event.starts_at, now)}</span> ·{' '}
              {formatEventMoment(next.event.starts_at, next.excursion.time_zone)} ({next.excursion.city_name})
            </p>
            {next.excursion.meeting_point && <p className="ua-main__text">Место встречи: {next.excursion.meeting_point}</p>}
            <Link to={`/account/user/${next.id}`} className="ex-ui-button ua-main__ticket">
              Билет и детали
            </Link>
          </>
        ) : (
          <p className="ua-main__text">
            Поездок пока не запланировано.{' '}
            <Link to="/excursion" className="ex-ui-page__link">
              Выбрать экскурсию
            </Link>
          </p>
        )}
      </section>
      <section className="ex-ui-card ua-main__card" aria-labelledby="ua-main-attention">
        <h2 id="ua-main-attention" className="ua-main__subtitle">
          Требует внимания
        </h2>
        {attention.length === 0 ? (
          <p className="ua-main__text">Всё в порядке: ничего не ждёт вашего ответа.</p>
        ) : (
          <ul className="ua-main__attention">
            {attention.map((item) => (
              <li key={`${item.kind}-${'order' in item ? item.order.id : item.orderId}`}>
                <AttentionItem item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /account/user: the dashboard — the next trip, what needs action, and the way to every section. */
export function MainPage() {
  const { profile, favorites: favoriteIds } = useSession();
  const favorites = favoriteIds.length;
  const unnamed = profile?.name === DEFAULT_NAME;
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
    { to: '/account/user/profile', title: 'Профиль', note: 'Имя, телефон и почта' },
  ];

  return (
    <AccountPage heading={profile && !unnamed ? `Здравствуйте, ${profile.name}!` : 'Личный кабинет'} title="Личный кабинет">
      {profile && <p className="ua-main__phone">{formatPhone(profile.phone)}</p>}
      {unnamed && <NamePrompt />}
      <Overview />
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
}
