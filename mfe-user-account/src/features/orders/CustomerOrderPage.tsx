import { useCallback, useEffect, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { apiUrl, bus, pluralRu, session, widgets, type BusEvents, type OrderDetail, orRouteError } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { GroupProgress, useOrderUpdates } from '@excursio/shared/ui';
import { AccountPage } from '../../components/AccountPage';
import { CancelOrder } from './CancelOrder';
import { OrderAmounts } from './OrderAmounts';
import { OrderDeadline } from './OrderDeadline';
import { GuideProposal } from './GuideProposal';
import { OrderAlternatives } from './OrderAlternatives';
import { orderCalls } from '../../calls/orderCalls';
import { STATUS_LABEL, STATUS_TONE, statusExplanation } from '../../lib/orderStatus';
import { orderMoment, orderStart } from '../../lib/orderTime';
import { OrderTickets } from '../../components/OrderTickets';
import { OrderTimeline } from './OrderTimeline';
import { PayButton } from './PayButton';
import { RescheduleOrder } from './RescheduleOrder';
import './orders.css';

/** One fetch; the api's 404 (also for another customer's order: never its data) is the page's 404. */
export async function customerOrderLoader({ params, request }: LoaderFunctionArgs): Promise<OrderDetail | null> {
  await session.restore();
  // Signed out or a partner: the account guard redirects instead.
  if (session.profile?.user_type !== 'client') return null;
  return (await orRouteError(request, orderCalls.order(Number(params.orderId)))).data;
}

/** /account/user/:orderId — the customer's order: what happens next, when and where, who, how much, tickets. */
export function CustomerOrderPage() {
  const loaded = useLoaderData() as OrderDetail | null;
  // another order of the same route (a booking made from this page opens its own) starts from its own state
  return <CustomerOrderView key={loaded?.id ?? 'none'} loaded={loaded} />;
}

function CustomerOrderView({ loaded }: { loaded: OrderDetail | null }) {
  const [order, setOrder] = useState(loaded);
  // mfe-notifications' chat, placed by the shell (null where no shell provides it)
  const OrderChat = widgets.get('OrderChat');
  const [holdOver, setHoldOver] = useState(false);
  const onHoldExpired = useCallback(() => setHoldOver(true), []);
  // the guide's answer, a payment, an expiry: the page shows them as they happen
  const orderId = order?.id;
  // a group that gathers: others joining or leaving are pushed (mfe-notifications' socket tells the bus)
  useEffect(() => {
    if (orderId === undefined) return;
    const onGathering = ({ order_id, gathering }: BusEvents['order:gathering']) => {
      if (order_id === orderId) setOrder((current) => (current && current.gathering ? { ...current, gathering } : current));
    };
    bus.on('order:gathering', onGathering);
    return () => bus.off('order:gathering', onGathering);
  }, [orderId]);
  useOrderUpdates(
    (id) => id === orderId,
    () => {
      if (orderId === undefined) return;
      orderCalls.order(orderId).then(
        (fresh) => {
          setOrder(fresh.data);
          setHoldOver(false);
        },
        () => undefined,
      );
    },
  );
  if (!order) return null;
  const reason = ['declined', 'cancelled_by_partner'].includes(order.status) ? order.history.at(-1)?.reason : null;
  const e = order.excursion;
  const excursionPath = `/excursion/${e.region_slug}/${e.city_slug}/${e.slug}`;

  return (
    <AccountPage heading={`Заказ №${order.id}`}>
      <section className={`ua-status ua-status--${STATUS_TONE[order.status]}`} aria-labelledby="ua-order-status">
        <h2 id="ua-order-status" className="ua-status__label">
          {STATUS_LABEL[order.status]}
        </h2>
        <p className="ua-status__text">{statusExplanation(order)}</p>
        {reason && <p className="ua-status__text">Причина: {reason}</p>}
        {order.status === 'awaiting_payment' && order.payment?.status === 'failed' && (
          <p className="ex-ui-alert" role="alert">
            Оплата не прошла: банк отклонил платёж, деньги не списаны. Попробуйте ещё раз — можно другой картой.
          </p>
        )}
        {order.gathering && (
          <GroupProgress
            gathering={order.gathering}
            live
            decisionText={`Если группа не наберётся к ${orderMoment(order, order.gathering.decides_at)}, экскурсию отменят и вернут предоплату полностью.`}
          />
        )}
        <OrderDeadline order={order} onExpired={onHoldExpired} />
        <GuideProposal order={order} onChanged={setOrder} />
        {order.status === 'awaiting_payment' && !holdOver && <PayButton order={order} />}
        {order.next_slots && order.next_slots.length > 0 ? (
          <nav className="ua-next-slots" aria-labelledby="ua-next-slots">
            <h3 id="ua-next-slots" className="ua-order__subtitle">
              Ближайшие даты этой экскурсии
            </h3>
            <ul>
              {order.next_slots.map((slot) => (
                <li key={slot.event_id}>
                  <Link to={`${excursionPath}/order?event=${slot.event_id}`} className="ua-next-slots__link">
                    Забронировать на {orderMoment(order, slot.starts_at)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          order.status === 'declined' && (
            <Link to={excursionPath} className="ex-ui-page__link">
              Выбрать другую дату
            </Link>
          )
        )}
        <OrderAlternatives order={order} />
        {order.status === 'completed' && (
          <Link to={`/account/user/reviews?order=${order.id}`} className="ex-ui-page__link">
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
              <dd>{orderStart(order)}</dd>
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
                  <Link to={`/excursion/guides/${order.guide.slug}`} className="ex-ui-page__link">
                    {order.guide.name}
                  </Link>
                  {order.guide_contact ? (
                    <span className="ua-facts__line">
                      <a href={`tel:+${order.guide_contact.phone}`} className="ex-ui-page__link">
                        {formatPhone(order.guide_contact.phone)}
                      </a>
                    </span>
                  ) : ['awaiting_confirmation', 'awaiting_payment'].includes(order.status) ? (
                    <span className="ua-facts__line ua-order__hint">Телефон гида появится после предоплаты.</span>
                  ) : (
                    order.status === 'confirmed' && (
                      <span className="ua-facts__line ua-order__hint">Гид не оставил телефона: пишите в чат заказа.</span>
                    )
                  )}
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
          <OrderTimeline order={order} />
          {OrderChat && (
            <section className="ua-order-chat" aria-labelledby="ua-order-chat">
              <h2 id="ua-order-chat" className="ua-order__subtitle">
                Чат с гидом
              </h2>
              <OrderChat orderId={order.id} userType="client" />
            </section>
          )}
        </div>
        <aside className="ua-order__aside">
          <OrderAmounts order={order} />
          <RescheduleOrder order={order} onChanged={setOrder} />
          <CancelOrder order={order} onCancelled={setOrder} />
          <p className="ua-order__hint">Условия отмены: {e.cancellation_terms}</p>
          <p className="ua-order__hint">
            Вопрос о заказе к Excursio?{' '}
            <Link to={`/account/user/support?order=${order.id}`} className="ex-ui-page__link">
              Написать в поддержку
            </Link>
          </p>
        </aside>
      </div>
    </AccountPage>
  );
}
