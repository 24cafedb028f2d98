import type { ReactNode } from 'react';
import { Link } from '@excursio/shared/router';
import { formatDate, pluralRu, useSession } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { LoadError, Skeleton } from '../../components/ui';
import { useLoad, type Loaded } from '../../components/useLoad';
import { orderCalls } from '../../calls/orderCalls';
import { OrderRow } from '../../components/OrderRow';
import { money } from '../../components/orderTexts';
import { useOrderUpdates } from '../../components/useOrderUpdates';
import { reviewsCalls } from '../../calls/reviewsCalls';
import { statisticsCalls } from '../../calls/statisticsCalls';
import { dashboardCalls } from './dashboardCalls';
import './main.css';

/** 'YYYY-MM-DD' of today + `days` on this device's clock. */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** One block of the dashboard, loading on its own: a failing call takes down only its block. */
function Block<T>({ id, title, more, loaded, children }: { id: string; title: string; more?: ReactNode; loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  return (
    <section className="pa-dash__block" aria-labelledby={id}>
      <div className="pa-dash__head">
        <h2 id={id} className="pa-page__subtitle">
          {title}
        </h2>
        {more}
      </div>
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : loaded.data === null ? <Skeleton lines={2} height={56} /> : children(loaded.data)}
    </section>
  );
}

/** /account/partner: what needs the partner now — requests to answer, today's and tomorrow's slots, messages, reviews, the month. */
export function MainPage() {
  const { profile } = useSession();
  const requests = useLoad('requests', async () => (await orderCalls.orders({ status: 'awaiting_confirmation', per_page: 5 })).data);
  const soon = useLoad('soon', async () => (await orderCalls.orders({ date_from: day(0), date_to: day(1), per_page: 20 })).data);
  const unread = useLoad('unread', async () => (await dashboardCalls.unread()).data);
  const reviews = useLoad('reviews', async () => (await reviewsCalls.reviews({ per_page: 3 })).data);
  const month = useLoad('month', async () => (await statisticsCalls.statistics({ period: 'this_month' })).data);
  useOrderUpdates(
    () => true,
    () => {
      requests.reload();
      soon.reload();
      unread.reload();
    },
  );

  return (
    <AccountPage heading={profile ? `Здравствуйте, ${profile.name}!` : 'Кабинет партнёра'} title="Кабинет партнёра">
      <div className="pa-dash">
        <Block
          id="pa-dash-requests"
          title="Ждут вашего ответа"
          loaded={requests}
          more={
            <Link to="/account/partner/orders" className="ex-ui-page__link">
              Все заказы
            </Link>
          }
        >
          {(data) =>
            data.data.length === 0 ? (
              <EmptyState>Новых запросов нет — на все заказы вы ответили.</EmptyState>
            ) : (
              <ul className="pa-orders__list">
                {data.data.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </ul>
            )
          }
        </Block>

        <Block id="pa-dash-soon" title="Сегодня и завтра" loaded={soon}>
          {(data) => {
            const live = data.data.filter((o) => o.status === 'confirmed' || o.status === 'awaiting_payment');
            return live.length === 0 ? (
              <EmptyState>На сегодня и завтра записей нет.</EmptyState>
            ) : (
              <ul className="pa-orders__list">
                {live.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </ul>
            );
          }}
        </Block>

        <Block id="pa-dash-unread" title="Непрочитанные сообщения" loaded={unread}>
          {(data) => {
            const orders = Object.entries(data.orders).filter(([, n]) => n > 0);
            return orders.length === 0 ? (
              <EmptyState>Все сообщения прочитаны.</EmptyState>
            ) : (
              <ul className="pa-dash__unread">
                {orders.map(([orderId, n]) => (
                  <li key={orderId}>
                    <Link to={`/account/partner/order/${orderId}`} className="ex-ui-page__link">
                      Заказ №{orderId}
                    </Link>{' '}
                    — {pluralRu(n, ['новое сообщение', 'новых сообщения', 'новых сообщений'])}
                  </li>
                ))}
              </ul>
            );
          }}
        </Block>

        <Block
          id="pa-dash-reviews"
          title="Последние отзывы"
          loaded={reviews}
          more={
            <Link to="/account/partner/reviews" className="ex-ui-page__link">
              Все отзывы
            </Link>
          }
        >
          {(data) =>
            data.reviews.data.length === 0 ? (
              <EmptyState>Отзывов пока нет.</EmptyState>
            ) : (
              <ul className="pa-dash__reviews">
                {data.reviews.data.map((review) => (
                  <li key={review.id} className="pa-dash__review">
                    <span className="pa-dash__rating" aria-label={`Оценка ${review.rating} из 5`}>
                      {'★'.repeat(review.rating)}
                      <span aria-hidden="true" className="pa-dash__rating-off">
                        {'★'.repeat(5 - review.rating)}
                      </span>
                    </span>{' '}
                    <strong>{review.author_name}</strong> о «{review.excursion.title}», {formatDate(review.created_at)}
                    <p className="pa-dash__review-text">{review.text}</p>
                  </li>
                ))}
              </ul>
            )
          }
        </Block>

        <Block
          id="pa-dash-month"
          title="Этот месяц"
          loaded={month}
          more={
            <Link to="/account/partner/static" className="ex-ui-page__link">
              Статистика
            </Link>
          }
        >
          {(data) => (
            <dl className="pa-dash__figures">
              <div>
                <dt>Заказов</dt>
                <dd>{data.totals.orders}</dd>
              </div>
              <div>
                <dt>Оплачено</dt>
                <dd>{data.totals.paid}</dd>
              </div>
              <div>
                <dt>Выручка</dt>
                <dd>{money(data.totals.revenue)}</dd>
              </div>
              <div>
                <dt>Получите на месте</dt>
                <dd>{money(data.totals.revenue - data.totals.prepayments)}</dd>
              </div>
            </dl>
          )}
        </Block>
      </div>
    </AccountPage>
  );
}
