import { useState } from 'react';
import type { OrderStatus, PartnerOrderListQuery } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { Field, LoadError, Pager, Skeleton } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { useOrderUpdates } from '../../components/useOrderUpdates';
import { orderCalls } from '../../calls/orderCalls';
import { OrderRow } from '../../components/OrderRow';
import { PARTNER_STATUS } from '../../components/orderTexts';
import '../../components/orders.css';

const STATUSES = Object.entries(PARTNER_STATUS) as [OrderStatus, string][];

/** /account/partner/orders — every order of the partner's excursions; requests awaiting an answer first. */
export function OrdersPage() {
  const [filters, setFilters] = useState<PartnerOrderListQuery>({ page: 1 });
  const [search, setSearch] = useState('');
  const key = JSON.stringify(filters);
  const list = useLoad(key, async () => (await orderCalls.orders(filters)).data);
  useOrderUpdates(() => true, list.reload);
  const set = (patch: Partial<PartnerOrderListQuery>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const data = list.data;

  return (
    <AccountPage heading="Заказы">
      {data && data.awaiting_answer > 0 && (
        <p className="pa-orders__summary">
          Ждут вашего ответа: <strong>{data.awaiting_answer}</strong>
        </p>
      )}
      <form
        className="pa-orders__filters"
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a <search> element is not yet the search landmark everywhere (Safari before 17, jsdom's aria-query)
        role="search"
        aria-label="Поиск и фильтры заказов"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() || undefined });
        }}
      >
        <Field label="Имя клиента или номер заказа">
          {(ids) => (
            <span className="pa-orders__search">
              <input {...ids} className="ex-ui-input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
              <button type="submit" className="ex-ui-button">
                Найти
              </button>
            </span>
          )}
        </Field>
        <Field label="Статус">
          {(ids) => (
            <select
              {...ids}
              className="ex-ui-select"
              value={filters.status ?? ''}
              onChange={(e) => set({ status: (e.target.value || undefined) as OrderStatus | undefined })}
            >
              <option value="">Все</option>
              {STATUSES.map(([status, label]) => (
                <option key={status} value={status}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Экскурсия">
          {(ids) => (
            <select
              {...ids}
              className="ex-ui-select"
              value={filters.excursion_id ?? ''}
              onChange={(e) => set({ excursion_id: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">Все экскурсии</option>
              {data?.excursions.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Дата экскурсии с">
          {(ids) => (
            <input {...ids} className="ex-ui-input" type="date" value={filters.date_from ?? ''} onChange={(e) => set({ date_from: e.target.value || undefined })} />
          )}
        </Field>
        <Field label="по">
          {(ids) => (
            <input {...ids} className="ex-ui-input" type="date" value={filters.date_to ?? ''} onChange={(e) => set({ date_to: e.target.value || undefined })} />
          )}
        </Field>
      </form>

      {list.error ? (
        <LoadError error={list.error} onRetry={list.reload} />
      ) : !data ? (
        <Skeleton lines={4} />
      ) : data.data.length === 0 ? (
        <EmptyState>
          {key === JSON.stringify({ page: 1 })
            ? 'Заказов пока нет. Они появятся здесь, как только путешественники запишутся на ваши экскурсии.'
            : 'Под эти условия заказов нет. Измените фильтры или поиск.'}
        </EmptyState>
      ) : (
        <>
          <output className="ex-ui-sr">
            Найдено заказов: {data.total}
          </output>
          <ul className="pa-orders__list">
            {data.data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          <Pager page={data.current_page} lastPage={data.last_page} onPage={(page) => set({ page })} />
        </>
      )}
    </AccountPage>
  );
}
