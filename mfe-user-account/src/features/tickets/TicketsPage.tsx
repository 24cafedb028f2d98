import { Link, useLoaderData, useRevalidator } from '@excursio/shared/router';
import { formatPrice, pluralRu, session, type OrderDetail, type OrderListItem } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { useOrderUpdates } from '@excursio/shared/ui';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { orderCalls } from '../../calls/orderCalls';
import { STATUS_LABEL, STATUS_TONE } from '../../lib/orderStatus';
import { orderStart } from '../../lib/orderTime';
import { TicketQr } from '../../components/OrderTickets';
import { downloadCalendar } from './ics';
import { ticketCalls } from './ticketCalls';
import './tickets.css';

const PER_PAGE = 48;
const ACTIVE = new Set(['awaiting_confirmation', 'awaiting_payment', 'confirmed']);
/** Confirmed trips shown with their tickets (the rest are a row each). */
const WITH_TICKETS = 10;

export interface TicketsData {
  orders: OrderListItem[];
  /** Details (tickets, guide's contact) of the next confirmed trips, by order id. */
  details: Record<number, OrderDetail>;
}

/** The customer's orders and the details of the next confirmed trips (the account guard made sure of the session). */
export async function ticketsLoader(): Promise<TicketsData> {
  await session.restore();
  if (!session.profile) return { orders: [], details: {} };
  const orders = (await ticketCalls.orders(1, PER_PAGE)).data.data;
  const next = splitOrders(orders).upcoming.filter((o) => o.status === 'confirmed').slice(0, WITH_TICKETS);
  const details = await Promise.all(next.map((o) => orderCalls.order(o.id).then((r) => r.data, () => null)));
  return { orders, details: Object.fromEntries(details.filter((d): d is OrderDetail => d !== null).map((d) => [d.id, d])) };
}

/** Upcoming orders first (soonest first), then past and cancelled ones (latest first). */
export function splitOrders(orders: readonly OrderListItem[], now = Date.now()) {
  const upcoming = orders
    .filter((o) => ACTIVE.has(o.status) && Date.parse(o.event.starts_at) > now)
    .sort((a, b) => Date.parse(a.event.starts_at) - Date.parse(b.event.starts_at));
  const past = orders.filter((o) => !upcoming.includes(o)).sort((a, b) => Date.parse(b.event.starts_at) - Date.parse(a.event.starts_at));
  return { upcoming, past };
}

function OrderRow({ order }: { order: OrderListItem }) {
  return (
    <li>
      <Link to={`/account/user/${order.id}`} className="ua-trip">
        <span className="ua-trip__title">{order.excursion.title}</span>
        <span className="ua-trip__meta">
          {orderStart(order)} · {order.excursion.city_name}
        </span>
        <span className="ua-trip__meta">
          {pluralRu(order.seats, ['участник', 'участника', 'участников'])} · {formatPrice(order.total)} · заказ №{order.id}
        </span>
        <span className={`ua-trip__status ua-trip__status--${STATUS_TONE[order.status]}`}>{STATUS_LABEL[order.status]}</span>
      </Link>
    </li>
  );
}

/** A confirmed trip as its ticket: when (in the city's zone), where, who, what is left to pay, the QR codes. */
function TripTicket({ order }: { order: OrderDetail }) {
  const active = order.tickets.filter((t) => t.status === 'active');
  return (
    <li className="ua-pass" aria-labelledby={`ua-pass-${order.id}`}>
      <h3 id={`ua-pass-${order.id}`} className="ua-pass__title">
        {order.excursion.title}
      </h3>
      <dl className="ua-pass__facts">
        <div>
          <dt>Когда</dt>
          <dd>{orderStart(order)}</dd>
        </div>
        <div>
          <dt>Место встречи</dt>
          <dd>{order.excursion.meeting_point || order.excursion.city_name}</dd>
        </div>
        {order.guide && (
          <div>
            <dt>Гид</dt>
            <dd>
              {order.guide.name}
              {order.guide_contact && (
                <>
                  {', '}
                  <a href={`tel:+${order.guide_contact.phone}`} className="ex-ui-page__link">
                    {formatPhone(order.guide_contact.phone)}
                  </a>
                </>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Участники</dt>
          <dd>{pluralRu(order.seats, ['человек', 'человека', 'человек'])}</dd>
        </div>
        <div>
          <dt>Гиду на месте</dt>
          <dd>{order.rest > 0 ? formatPrice(order.rest) : 'ничего, всё оплачено'}</dd>
        </div>
      </dl>
      <ul className="ua-pass__codes" aria-label="Билеты">
        {active.map((ticket) => (
          <li key={ticket.id} className="ua-pass__code">
            <TicketQr code={ticket.code} />
            <span className="ua-ticket__code">{ticket.code}</span>
          </li>
        ))}
      </ul>
      <div className="ua-pass__actions">
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => downloadCalendar(order)}>
          Добавить в календарь
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => window.print()}>
          Распечатать или сохранить PDF
        </button>
        <Link to={`/account/user/${order.id}`} className="ex-ui-page__link">
          Заказ №{order.id}
        </Link>
      </div>
    </li>
  );
}

/** /account/user/ticket — upcoming trips with their tickets, and the history. */
export function TicketsPage() {
  const { orders, details } = useLoaderData() as TicketsData;
  // a guide's answer, a payment, an expiry: the list (and the tickets) are loaded again as they happen
  const revalidator = useRevalidator();
  useOrderUpdates(
    () => true,
    () => void revalidator.revalidate(),
  );
  const { upcoming, past } = splitOrders(orders);
  const passes = upcoming.map((o) => details[o.id]).filter((d): d is OrderDetail => Boolean(d));
  const others = upcoming.filter((o) => !details[o.id]);
  return (
    <AccountPage heading="Билеты">
      {orders.length === 0 ? (
        <>
          <EmptyState>Здесь появятся билеты на оплаченные экскурсии.</EmptyState>
          <Link to="/excursion" className="ex-ui-page__link">
            Выбрать экскурсию
          </Link>
        </>
      ) : (
        <>
          <section aria-labelledby="ua-trips-upcoming" className="ua-trips">
            <h2 id="ua-trips-upcoming" className="ua-trips__title">
              Предстоящие
            </h2>
            {passes.length > 0 && (
              <ul className="ua-passes" aria-label="Билеты на ближайшие экскурсии">
                {passes.map((d) => (
                  <TripTicket key={d.id} order={d} />
                ))}
              </ul>
            )}
            {others.length > 0 && (
              <ul className="ua-trips__list">
                {others.map((o) => (
                  <OrderRow key={o.id} order={o} />
                ))}
              </ul>
            )}
            {upcoming.length === 0 && <EmptyState>Предстоящих экскурсий нет.</EmptyState>}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="ua-trips-past" className="ua-trips ua-trips--past">
              <h2 id="ua-trips-past" className="ua-trips__title">
                Прошедшие и отменённые
              </h2>
              <ul className="ua-trips__list">
                {past.map((o) => (
                  <OrderRow key={o.id} order={o} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </AccountPage>
  );
}
