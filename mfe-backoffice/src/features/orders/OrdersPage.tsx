import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@excursio/shared/router';
import { formatPrice, type OrderStatus, type StaffOrderListQuery } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { Field, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { FilterSelect } from '../../components/FilterSelect';
import { formatDateTime } from '../../components/format';
import { staffEvent, useLive } from '../../components/useLive';
import { orderCalls } from './orderCalls';
import { ORDER_STATUSES, ORDER_TONES } from './orderTexts';
import { PendingRefunds } from './PendingRefunds';

function queryOf(params: URLSearchParams): StaffOrderListQuery {
  const query: StaffOrderListQuery = { page: Math.max(1, Number(params.get('page')) || 1) };
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  const status = params.get('status');
  if (status && status in ORDER_STATUSES) query.status = status as OrderStatus;
  return query;
}

/** /backoffice/orders: search by number, phone, name, excursion or partner; refunds waiting for an admin. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [q, setQ] = useState(query.q ?? '');
  const [status, setStatus] = useState<string>(query.status ?? '');
  const { data, error, loading, reload } = useLoad(JSON.stringify(query), () => orderCalls.orders(query).then((r) => r.data));
  useLive(staffEvent(), reload);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (q.trim()) next.q = q.trim();
    if (status) next.status = status;
    setParams(next);
  };

  return (
    <BoPage heading="Заказы">
      <PendingRefunds />
      <form className="bo-filters" aria-label="Поиск заказов" onSubmit={search}>
        <Field label="Номер, телефон, имя, экскурсия или партнёр">
          {(props) => <input {...props} className="ex-ui-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />}
        </Field>
        <FilterSelect label="Статус" options={ORDER_STATUSES} value={status} onChange={(value) => setStatus(value)} anyLabel="Любой" />
        <button type="submit" className="ex-ui-button">
          Найти
        </button>
      </form>
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={4} height={48} />}
      {data && data.data.length === 0 && <Empty>Заказов не нашлось.</Empty>}
      {data && data.data.length > 0 && (
        <>
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="bo-sr">Заказы, сначала новые</caption>
              <thead>
                <tr>
                  <th scope="col">Заказ</th>
                  <th scope="col">Экскурсия</th>
                  <th scope="col">Путешественник</th>
                  <th scope="col">Статус</th>
                  <th scope="col" className="bo-num">
                    Сумма
                  </th>
                  <th scope="col" className="bo-num">
                    Оплачено
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link className="bo-link" to={`/backoffice/orders/${order.id}`}>
                        №{order.id}
                      </Link>
                      <div className="bo-muted">{formatDateTime(order.created_at)}</div>
                    </td>
                    <td>
                      {order.excursion.title}
                      <div className="bo-muted">
                        {order.partner.name} · {formatDateTime(order.starts_at, order.time_zone)}
                      </div>
                    </td>
                    <td>
                      {order.contact_name}
                      <div className="bo-muted">{formatPhone(order.contact_phone)}</div>
                    </td>
                    <td>
                      <Badge tone={ORDER_TONES[order.status]}>{ORDER_STATUSES[order.status]}</Badge>
                    </td>
                    <td className="bo-num">{formatPrice(order.total)}</td>
                    <td className="bo-num">{formatPrice(order.paid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.current_page} lastPage={data.last_page} onPage={(page) => setParams({ ...Object.fromEntries(params), page: String(page) })} />
        </>
      )}
    </BoPage>
  );
}
