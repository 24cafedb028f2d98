import type { OrderDetail, OrderHistoryEntry } from '@excursio/shared';
import { RESCHEDULE_REASON_PREFIX } from '@excursio/shared/contracts';
import { orderMoment } from '../../lib/orderTime';

/** A move to another slot is recorded with its status unchanged and the reason «Перенос: <from> → <to>». */
const MOVE_PREFIX = RESCHEDULE_REASON_PREFIX;
const isMove = (entry: OrderHistoryEntry) => entry.reason?.startsWith(MOVE_PREFIX) ?? false;

/** What each step of the order's life was, said to the traveller. */
function stepText(entry: OrderHistoryEntry): string {
  switch (entry.status) {
    case 'awaiting_confirmation':
      return 'Заказ отправлен гиду на подтверждение';
    case 'awaiting_payment':
      return entry.actor === 'partner' ? 'Гид подтвердил заказ — ждём предоплату' : 'Заказ создан, места ждут предоплаты';
    case 'confirmed':
      return 'Предоплата получена, заказ подтверждён';
    case 'completed':
      return 'Экскурсия состоялась';
    case 'declined':
      return entry.actor === 'system' ? 'Гид не ответил вовремя — заказ закрыт' : 'Гид отклонил заказ';
    case 'expired':
      return 'Заказ закрылся сам: не был оплачен или подтверждён вовремя';
    case 'cancelled_by_customer':
      return 'Вы отменили заказ';
    case 'cancelled_by_partner':
      return entry.actor === 'staff' ? 'Поддержка отменила заказ' : 'Гид отменил экскурсию';
    case 'no_show':
      return 'Гид отметил, что вы не пришли';
    default:
      return '';
  }
}

/** The order's history, oldest first, each step with its time (in the excursion city's zone) and reason. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  if (order.history.length === 0) return null;
  return (
    <section className="ua-order__block" aria-labelledby="ua-order-timeline">
      <h2 id="ua-order-timeline" className="ua-order__subtitle">
        История заказа
      </h2>
      <ol className="ua-timeline">
        {order.history.map((entry, i) => (
          <li key={`${entry.status}-${entry.at}-${i}`} className="ua-timeline__step">
            <span className="ua-timeline__text">{isMove(entry) ? 'Заказ перенесён' : stepText(entry)}</span>
            <time className="ua-timeline__time" dateTime={entry.at}>
              {orderMoment(order, entry.at)}
            </time>
            {entry.reason && (
              <span className="ua-timeline__reason">{isMove(entry) ? entry.reason.slice(MOVE_PREFIX.length).trim() : `Причина: ${entry.reason}`}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
