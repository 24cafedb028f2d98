import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { ApiError, bus, session, widgets, type PartnerOrderDetail, orRouteError } from '@excursio/shared';
import { formatEventMoment, formatEventShort, timeZoneNote } from '@excursio/shared/time';
import { RESCHEDULE_REASON_PREFIX } from '@excursio/shared/contracts';
import { formatPhone } from '@excursio/shared/phone';
import { AccountPage } from '../../components/AccountPage';
import { OrderActions } from './OrderActions';
import { ProposeTimes } from './ProposeTimes';
import { orderCalls } from '../../calls/orderCalls';
import { ACTOR, answerBy, isUrgent, money, PARTNER_STATUS, participantsText, STATUS_TONE, STEP } from '../../components/orderTexts';
import { useAction } from '../../components/ui';
import { useOrderUpdates } from '../../components/useOrderUpdates';
import '../../components/orders.css';

/** One fetch; the api's 404 (another partner's order too: never its data) is the page's 404. */
export async function partnerOrderLoader({ params, request }: LoaderFunctionArgs): Promise<PartnerOrderDetail | null> {
  await session.restore();
  if (session.profile?.user_type !== 'partner') return null;
  return (await orRouteError(request, orderCalls.order(Number(params.id)))).data;
}

/** A history step of a move to another slot: its reason reads «Перенос: <from> → <to>». */
const MOVE_PREFIX = RESCHEDULE_REASON_PREFIX;

/** The traveller asks to move the order to another slot: approve (seats are re-checked) or decline. */
function RescheduleRequest({ order, onChanged }: { order: PartnerOrderDetail; onChanged: (order: PartnerOrderDetail) => void }) {
  const { busy, run } = useAction();
  const request = order.reschedule!;
  const answer = (approve: boolean) =>
    run(
      async () => {
        onChanged((await orderCalls.answerReschedule(order.id, approve)).data);
        bus.emit('toast:show', { type: 'info', message: approve ? 'Перенос согласован, путешественник получил уведомление' : 'Вы отказали в переносе' });
      },
      { errorText: (error) => (error instanceof ApiError ? error.message : 'Не получилось. Попробуйте ещё раз.') },
    );
  return (
    <fieldset className="pa-order-move" aria-labelledby="pa-order-move">
      <h3 id="pa-order-move" className="pa-order-move__title">
        Путешественник просит перенести заказ
      </h3>
      <p className="pa-order-status__text">
        На {formatEventMoment(request.starts_at, order.excursion.time_zone)}; стоимость станет {money(request.total)}.
      </p>
      <div className="pa-order-move__actions">
        <button type="button" className="ex-ui-button" disabled={busy} onClick={() => void answer(true)}>
          Согласовать перенос
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void answer(false)}>
          Отказать
        </button>
      </div>
    </fieldset>
  );
}

/** /account/partner/order/:id — everything about the order, its history, the chat and the decisions valid now. */
export function PartnerOrderPage() {
  const loaded = useLoaderData() as PartnerOrderDetail | null;
  const [order, setOrder] = useState(loaded);
  const OrderChat = widgets.get('OrderChat');
  const refresh = async () => {
    if (!order) return;
    try {
      setOrder((await orderCalls.order(order.id)).data);
    } catch {
      bus.emit('toast:show', { type: 'error', message: 'Не удалось обновить заказ. Обновите страницу.' });
    }
  };
  useOrderUpdates((id) => id === order?.id, () => void refresh());
  if (!order) return null;
  const zone = order.excursion.time_zone;
  const note = timeZoneNote(zone, order.event.starts_at);

  return (
    <AccountPage heading={`Заказ №${order.id}`}>
      <section className={`pa-order-status pa-order-status--${STATUS_TONE[order.status]}`} aria-labelledby="pa-order-status">
        <h2 id="pa-order-status" className="pa-order-status__label">
          {PARTNER_STATUS[order.status]}
        </h2>
        {order.status === 'awaiting_confirmation' && order.respond_by && (
          <p className={isUrgent(order.respond_by) ? 'pa-orders__deadline pa-orders__deadline--urgent' : 'pa-orders__deadline'}>
            {answerBy(order.respond_by, zone)}. Если не ответить, заказ закроется сам.
          </p>
        )}
        {order.status === 'awaiting_payment' && order.payment_due_at && (
          <p className="pa-order-status__text">
            Путешественник оплачивает предоплату до {formatEventShort(order.payment_due_at, zone)}; иначе места вернутся в продажу.
          </p>
        )}
        <OrderActions order={order} onChanged={() => void refresh()} />
        {order.reschedule && <RescheduleRequest order={order} onChanged={setOrder} />}
        <ProposeTimes order={order} onChanged={setOrder} />
      </section>

      <div className="pa-order">
        <dl className="pa-order__facts">
          <dt>Экскурсия</dt>
          <dd>{order.excursion.title}</dd>
          <dt>Дата и время</dt>
          <dd>
            <Link to={`/account/partner/${order.event.id}`} className="ex-ui-page__link">
              {formatEventMoment(order.event.starts_at, zone)}
            </Link>
            {note ? ` (${note})` : ''}
          </dd>
          <dt>Участники</dt>
          <dd>
            {order.participants.map((p) => `${p.name} × ${p.count}`).join(', ')} — {participantsText(order.seats)}
          </dd>
          <dt>Путешественник</dt>
          <dd>
            {order.contact_name}, {order.contact_hidden ? order.contact_phone : formatPhone(order.contact_phone)}
            {order.contact_hidden && <span className="pa-order__hint"> Телефон откроется после оплаты предоплаты.</span>}
          </dd>
          {order.comment && (
            <>
              <dt>Комментарий</dt>
              <dd className="pa-order__comment">{order.comment}</dd>
            </>
          )}
          {order.tickets.length > 0 && (
            <>
              <dt>Билеты</dt>
              <dd>{order.tickets.map((t) => `${t.code}${t.status === 'redeemed' ? ' (отмечен)' : t.status === 'cancelled' ? ' (отменён)' : ''}`).join(', ')}</dd>
            </>
          )}
        </dl>

        <section className="pa-order__money" aria-labelledby="pa-order-money">
          <h2 id="pa-order-money" className="pa-page__subtitle">
            Сумма
          </h2>
          <dl className="pa-order__amounts">
            <dt>Стоимость</dt>
            <dd>{money(order.total)}</dd>
            <dt>Предоплата онлайн (сервисный сбор)</dt>
            <dd>{money(order.prepayment)}</dd>
            <dt>Вы получаете на месте</dt>
            <dd>{money(order.rest)}</dd>
            {order.refund_amount !== null && order.refund_amount > 0 && (
              <>
                <dt>Возвращено путешественнику</dt>
                <dd>{money(order.refund_amount)}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      <section className="pa-page__section" aria-labelledby="pa-order-history">
        <h2 id="pa-order-history" className="pa-page__subtitle">
          История заказа
        </h2>
        <ol className="pa-order__history">
          {order.history.map((step, i) => (
            <li key={i}>
              <time dateTime={step.at}>{formatEventShort(step.at, zone)}</time> —{' '}
              {step.reason?.startsWith(MOVE_PREFIX) ? `заказ перенесён (${ACTOR[step.actor]})` : `${STEP[step.status]} (${ACTOR[step.actor]})`}
              {step.reason && (
                <span className="pa-order__reason">
                  {step.reason.startsWith(MOVE_PREFIX) ? step.reason.slice(MOVE_PREFIX.length).trim() : `Причина: ${step.reason}`}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      {OrderChat && (
        <section className="pa-page__section" aria-labelledby="pa-order-chat">
          <h2 id="pa-order-chat" className="pa-page__subtitle">
            Чат с путешественником
          </h2>
          <OrderChat orderId={order.id} userType="partner" />
        </section>
      )}
      <p className="pa-page__section">
        <Link to="/account/partner/orders" className="ex-ui-page__link">
          Все заказы
        </Link>
      </p>
    </AccountPage>
  );
}
