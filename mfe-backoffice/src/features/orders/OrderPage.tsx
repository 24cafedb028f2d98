import { useState } from 'react';
import { Link, useParams } from '@excursio/shared/router';
import { formatPrice, type StaffOrder } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { staffEvent, useLive } from '../../components/useLive';
import { OrderActions } from './OrderActions';
import { OrderChat } from './OrderChat';
import { orderCalls } from './orderCalls';
import { ACTORS, ORDER_STATUSES, ORDER_TONES, PAYMENT_STATUSES, REFUND_STATUSES } from './orderTexts';

function Money({ order }: { order: StaffOrder }) {
  return (
    <section className="bo-section" aria-labelledby="bo-money">
      <h2 className="bo-section__title" id="bo-money">
        Деньги
      </h2>
      <dl className="bo-dl bo-card">
        <dt>Стоимость</dt>
        <dd>{formatPrice(order.total)}</dd>
        <dt>Предоплата</dt>
        <dd>{formatPrice(order.prepayment)}</dd>
        <dt>Оплачено онлайн</dt>
        <dd>{formatPrice(order.paid)}</dd>
        <dt>Можно вернуть</dt>
        <dd>{formatPrice(order.refundable)}</dd>
      </dl>
      <h3>Платежи</h3>
      {order.payments.length === 0 ? (
        <p className="bo-muted">Платежей не было.</p>
      ) : (
        <ul className="bo-list">
          {order.payments.map((p) => (
            <li key={p.id}>
              {formatPrice(p.amount)} · {PAYMENT_STATUSES[p.status]} · {p.provider}, id <code>{p.external_id ?? '—'}</code> · {formatDateTime(p.created_at)}
            </li>
          ))}
        </ul>
      )}
      <h3>Возвраты</h3>
      {order.refunds.length === 0 ? (
        <p className="bo-muted">Возвратов не было.</p>
      ) : (
        <ul className="bo-list" aria-label="Возвраты">
          {order.refunds.map((r) => (
            <li key={r.id}>
              <Badge tone={r.status === 'succeeded' ? 'ok' : r.status === 'pending' ? 'warn' : 'danger'}>{REFUND_STATUSES[r.status]}</Badge> {formatPrice(r.amount)} ·{' '}
              {r.reason} · {r.provider}, id <code>{r.external_id ?? '—'}</code> · {r.requested_by?.name ?? 'система'}, {formatDateTime(r.created_at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Details({ order }: { order: StaffOrder }) {
  return (
    <section className="bo-section" aria-labelledby="bo-order">
      <h2 className="bo-section__title" id="bo-order">
        Заказ
      </h2>
      <dl className="bo-dl bo-card">
        <dt>Статус</dt>
        <dd>
          <Badge tone={ORDER_TONES[order.status]}>{ORDER_STATUSES[order.status]}</Badge>
        </dd>
        <dt>Экскурсия</dt>
        <dd>{order.excursion.title}</dd>
        <dt>Начало</dt>
        <dd>{formatDateTime(order.starts_at, order.time_zone)}</dd>
        <dt>Путешественник</dt>
        <dd>
          <Link className="bo-link" to={`/backoffice/accounts/${order.customer.id}`}>
            {order.customer.name}
          </Link>
          , {formatPhone(order.customer.phone)}
        </dd>
        <dt>Контакт</dt>
        <dd>
          {order.contact_name}, {formatPhone(order.contact_phone)}
        </dd>
        <dt>Партнёр</dt>
        <dd>
          <Link className="bo-link" to={`/backoffice/accounts/${order.partner.id}`}>
            {order.partner.name}
          </Link>
          , {formatPhone(order.partner.phone)}
        </dd>
        <dt>Участники</dt>
        <dd>{order.participants.map((p) => `${p.name} × ${p.count} (${formatPrice(p.price)})`).join(', ') || `${order.seats}`}</dd>
        {order.comment && (
          <>
            <dt>Комментарий</dt>
            <dd>{order.comment}</dd>
          </>
        )}
        {order.payment_due_at && (
          <>
            <dt>Места держатся до</dt>
            <dd>{formatDateTime(order.payment_due_at)}</dd>
          </>
        )}
        <dt>Билеты</dt>
        <dd>{order.tickets.length ? order.tickets.map((t) => t.code).join(', ') : 'нет'}</dd>
        {order.support_tickets.length > 0 && (
          <>
            <dt>Обращения</dt>
            <dd>
              {order.support_tickets.map((t) => (
                <Link key={t.id} className="bo-link" to={`/backoffice/support/${t.id}`}>
                  №{t.id} {t.subject}{' '}
                </Link>
              ))}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** /backoffice/orders/{id}: the whole order, its history, the chat (read-only) and the staff actions. */
export function OrderPage() {
  const id = Number(useParams().id);
  const { data: order, error, loading, reload, set } = useLoad(`order:${id}`, () => orderCalls.order(id).then((r) => r.data));
  const [notice, setNotice] = useState<string | null>(null);
  useLive(staffEvent('order_id', id), reload);
  return (
    <BoPage heading={`Заказ №${id}`} back={{ to: '/backoffice/orders', label: 'К заказам' }}>
      {error != null && !order && <LoadError error={error} onRetry={reload} />}
      {loading && !order && <Skeleton lines={3} />}
      {order && (
        <div className="bo-two">
          <div>
            <Details order={order} />
            <Money order={order} />
            <section className="bo-section" aria-labelledby="bo-history">
              <h2 className="bo-section__title" id="bo-history">
                История
              </h2>
              <ol className="bo-list">
                {order.history.map((h, i) => (
                  <li key={`${h.at}-${i}`}>
                    {formatDateTime(h.at)} — {ORDER_STATUSES[h.status]} ({ACTORS[h.actor]})
                    {h.reason && `: ${h.reason}`}
                  </li>
                ))}
              </ol>
            </section>
            <OrderChat orderId={order.id} count={order.chat_messages_count} />
          </div>
          <section className="bo-actions" aria-label="Действия с заказом">
            {notice && (
              <output className="ex-ui-alert bo-notice">
                {notice}
              </output>
            )}
            <OrderActions
              order={order}
              onDone={(next, message) => {
                set(next);
                setNotice(message);
              }}
            />
          </section>
        </div>
      )}
    </BoPage>
  );
}
