import { Link, useLoaderData } from '@excursio/shared/router';
import { formatPrice, pluralRu, session, type OrderListItem } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { STATUS_LABEL, STATUS_TONE } from '../orders/orderStatus';
import { orderStart } from '../orders/orderTime';
import { ticketCalls } from './ticketCalls';
import './tickets.css';

const PER_PAGE = 48;
const ACTIVE = new Set(['awaiting_confirmation', 'awaiting_payment', 'confirmed']);

/** The customer's orders (the account guard has already made sure someone is signed in). */
export async function ticketsLoader(): Promise<OrderListItem[]> {
  await session.restore();
  if (!session.profile) return [];
  return (await ticketCalls.orders(1, PER_PAGE)).data.data;
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

/** /account/user/ticket — upcoming trips with their tickets, and the history. */
export function TicketsPage() {
  const orders = useLoaderData() as OrderListItem[];
  const { upcoming, past } = splitOrders(orders);
  return (
    <AccountPage heading="Билеты">
      {orders.length === 0 ? (
        <>
          <EmptyState>Здесь появятся билеты на оплаченные экскурсии.</EmptyState>
          <Link to="/excursion" className="ua-page__link">
            Выбрать экскурсию
          </Link>
        </>
      ) : (
        <>
          <section aria-labelledby="ua-trips-upcoming" className="ua-trips">
            <h2 id="ua-trips-upcoming" className="ua-trips__title">
              Предстоящие
            </h2>
            {upcoming.length > 0 ? (
              <ul className="ua-trips__list">
                {upcoming.map((o) => (
                  <OrderRow key={o.id} order={o} />
                ))}
              </ul>
            ) : (
              <EmptyState>Предстоящих экскурсий нет.</EmptyState>
            )}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="ua-trips-past" className="ua-trips">
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
