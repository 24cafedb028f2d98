import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@excursio/shared/router';
import type { StaffAccountListQuery } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { Field, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { accountCalls, ROLES } from './accountCalls';

function queryOf(params: URLSearchParams): StaffAccountListQuery {
  const query: StaffAccountListQuery = { page: Math.max(1, Number(params.get('page')) || 1) };
  const type = params.get('type');
  if (type === 'client' || type === 'partner' || type === 'staff') query.type = type;
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  if (params.get('blocked') === 'true') query.blocked = true;
  return query;
}

/** /backoffice/accounts: customers, partners and staff, searchable. */
export function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [draft, setDraft] = useState({ q: query.q ?? '', type: query.type ?? '', blocked: query.blocked ? 'true' : '' });
  const { data, error, loading, reload } = useLoad(JSON.stringify(query), () => accountCalls.accounts(query).then((r) => r.data));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
  };

  return (
    <BoPage heading="Аккаунты">
      <form className="bo-filters" aria-label="Поиск аккаунтов" onSubmit={search}>
        <Field label="Имя, телефон, e-mail или номер">
          {(props) => <input {...props} className="ex-ui-input" type="search" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />}
        </Field>
        <Field label="Тип">
          {(props) => (
            <select {...props} className="ex-ui-select" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
              <option value="">Все</option>
              <option value="client">Путешественники</option>
              <option value="partner">Партнёры</option>
              <option value="staff">Сотрудники</option>
            </select>
          )}
        </Field>
        <Field label="Блокировка">
          {(props) => (
            <select {...props} className="ex-ui-select" value={draft.blocked} onChange={(e) => setDraft({ ...draft, blocked: e.target.value })}>
              <option value="">Все</option>
              <option value="true">Только заблокированные</option>
            </select>
          )}
        </Field>
        <button type="submit" className="ex-ui-button">
          Найти
        </button>
      </form>
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={4} height={48} />}
      {data && data.data.length === 0 && <Empty>Аккаунтов не нашлось.</Empty>}
      {data && data.data.length > 0 && (
        <>
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="bo-sr">Аккаунты, сначала новые</caption>
              <thead>
                <tr>
                  <th scope="col">Имя</th>
                  <th scope="col">Телефон</th>
                  <th scope="col">Роль</th>
                  <th scope="col">Создан</th>
                  <th scope="col" className="bo-num">
                    Заказов
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((account) => (
                  <tr key={account.id}>
                    <td>
                      <Link className="bo-link" to={`/backoffice/accounts/${account.id}`}>
                        {account.name || `Аккаунт №${account.id}`}
                      </Link>{' '}
                      {account.blocked && <Badge tone="danger">заблокирован</Badge>} {account.deleted && <Badge>удалён</Badge>}
                    </td>
                    <td>{formatPhone(account.phone)}</td>
                    <td>{ROLES[account.role]}</td>
                    <td>{formatDateTime(account.created_at)}</td>
                    <td className="bo-num">{account.orders_count}</td>
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
