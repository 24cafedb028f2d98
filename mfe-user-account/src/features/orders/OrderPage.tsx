import { useState } from 'react';
import { Link, useLoaderData } from '@excursio/shared/router';
import { apiUrl, formatPhone, pluralRu, type OrderDetail } from '@excursio/shared';
import { AccountPage } from '../page/AccountPage';
import { CancelOrder } from './CancelOrder';
import { formatEventMoment } from '../../lib/eventTime';
import { OrderAmounts } from './OrderAmounts';
import { OrderTickets } from './OrderTickets';
import { STATUS_LABEL, STATUS_TONE, statusExplanation } from '../../lib/orderStatus';
import { PayButton } from './PayButton';
import './orders.css';

/** /account/user/:orderId — the customer's order: what happens next, when and where, who, how much, tickets. */
export function OrderPage() {
  const loaded = useLoaderData() as OrderDetail | null;
  const [order, setOrder] = useState(loaded);
  if (!order) return null;
  const e = order.excursion;
  const excursionPath = `/excursion/${e.region_slug}/${e.city_slug}/${e.slug}`;

  return (
    <AccountPage heading={`Заказ №${order.id}`}>
      <section className={`ua-status ua-status--${STATUS_TONE[order.status]}`} aria-labelledby="ua-order-status">
        <h2 id="ua-order-status" className="ua-status__label">
          {STATUS_LABEL[order.status]}
        </h2>
        <p className="ua-status__text">{statusExplanation(order)}</p>
        {order.status === 'awaiting_payment' && <PayButton order={order} />}
        {order.status === 'declined' && (
          <Link to={excursionPath} className="ua-page__link">
            Выбрать другую дату
          </Link>
        )}
        {order.status === 'completed' && (
          <Link to="/account/user/reviews" className="ua-page__link">
            Оставить отзыв
          </Link>
        )}
      </section>

      <div className="ua-order">
        <div className="ua-order__main">
          <Link to={excursionPath} className="ua-order__excursion">
            <img src={apiUrl(e.photo_url)} alt="" width={120} height={90} loading="lazy" />
            <span>
              <span className="ua-order__excursion-title">{e.title}</span>
              <span className="ua-order__muted">{e.city_name}</span>
            </span>
          </Link>
          <dl className="ua-facts">
            <div>
              <dt>Дата и время</dt>
              <dd>{formatEventMoment(order.event.starts_at)} (мск)</dd>
            </div>
            <div>
              <dt>Место встречи</dt>
              <dd>{e.meeting_point}</dd>
            </div>
            <div>
              <dt>Участники</dt>
              <dd>
                {order.participants.map((p) => (
                  <span key={p.code} className="ua-facts__line">
                    {e.price_type === 'per_group' ? `${p.name}: ${pluralRu(p.count, ['человек', 'человека', 'человек'])}` : `${p.name} × ${p.count}`}
                  </span>
                ))}
              </dd>
            </div>
            {order.guide && (
              <div>
                <dt>Гид</dt>
                <dd>
                  <Link to={`/excursion/guides/${order.guide.slug}`} className="ua-page__link">
                    {order.guide.name}
                  </Link>
                </dd>
              </div>
            )}
            <div>
              <dt>Контакт</dt>
              <dd>
                {order.contact_name}, {formatPhone(order.contact_phone)}
              </dd>
            </div>
            {order.comment && (
              <div>
                <dt>Комментарий</dt>
                <dd className="ua-facts__comment">{order.comment}</dd>
              </div>
            )}
          </dl>
          {order.tickets.length > 0 && <OrderTickets tickets={order.tickets} />}
        </div>
        <aside className="ua-order__aside">
          <OrderAmounts order={order} />
          <CancelOrder order={order} onCancelled={setOrder} />
          <p className="ua-order__hint">Условия отмены: {e.cancellation_terms}</p>
        </aside>
      </div>
    </AccountPage>
  );
}
