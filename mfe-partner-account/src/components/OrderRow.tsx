// One order in a list of the partner's orders (the orders page and the main page).
import { Link } from '@excursio/shared/router';
import type { PartnerOrderListItem } from '@excursio/shared';
import { formatEventShort } from '@excursio/shared/time';
import { answerBy, isUrgent, money, PARTNER_STATUS, participantsText, STATUS_TONE } from './orderTexts';
import './orders.css';

/** One order in the list: who, what, when, how much, and the deadline of a request. */
export function OrderRow({ order }: { order: PartnerOrderListItem }) {
  const zone = order.excursion.time_zone;
  return (
    <li className="pa-orders__item">
      <Link to={`/account/partner/order/${order.id}`} className="pa-orders__link">
        <span className="pa-orders__head">
          <span className="pa-orders__number">№{order.id}</span>
          <span className={`pa-order-badge pa-order-badge--${STATUS_TONE[order.status]}`}>{PARTNER_STATUS[order.status]}</span>
        </span>
        <span className="pa-orders__title">{order.excursion.title}</span>
        <span className="pa-orders__meta">
          {formatEventShort(order.event.starts_at, zone)} · {order.customer_name} · {participantsText(order.seats)} · {money(order.total)}
        </span>
        {order.status === 'awaiting_confirmation' && order.respond_by && (
          <span className={`pa-orders__deadline${isUrgent(order.respond_by) ? ' pa-orders__deadline--urgent' : ''}`}>
            {answerBy(order.respond_by, zone)}
          </span>
        )}
      </Link>
    </li>
  );
}
