import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@excursio/shared/router';
import type { StaffTicketListQuery, StaffTicketSummary } from '@excursio/shared';
import { Field, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatAge, formatDateTime } from '../../components/format';
import { TemplatesEditor } from '../../components/TemplatesEditor';
import { staffEvent, useLive } from '../../components/useLive';
import { supportCalls, TICKET_KINDS, TICKET_STATUSES } from './supportCalls';

const STATUS_TONES = { open: 'warn', answered: 'ok', closed: 'neutral' } as const;
const FILTERS = ['status', 'kind', 'assignee', 'older_than_h', 'q'] as const;

/** The list's query from the address (so a filtered list can be shared and survives a reload). */
function queryOf(params: URLSearchParams): StaffTicketListQuery {
  const query: StaffTicketListQuery = { page: Math.max(1, Number(params.get('page')) || 1) };
  // waiting for an answer unless asked otherwise (the api's default too)
  const status = params.get('status');
  query.status = status === 'answered' || status === 'closed' || status === 'all' ? status : 'open';
  const kind = params.get('kind');
  if (kind === 'client' || kind === 'partner') query.kind = kind;
  const assignee = params.get('assignee');
  if (assignee && /^(me|none|\d+)$/.test(assignee)) query.assignee = assignee;
  const older = Number(params.get('older_than_h'));
  if (older > 0) query.older_than_h = older;
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  return query;
}

function Row({ ticket }: { ticket: StaffTicketSummary }) {
  return (
    <tr>
      <td className="bo-num">№{ticket.id}</td>
      <td>
        <Link className="bo-link" to={`/backoffice/support/${ticket.id}`}>
          {ticket.subject}
        </Link>
        <div className="bo-muted">
          {ticket.user.name} · {TICKET_KINDS[ticket.kind]}
          {ticket.order_id !== null && ` · заказ №${ticket.order_id}`}
        </div>
      </td>
      <td>
        <Badge tone={STATUS_TONES[ticket.status]}>{TICKET_STATUSES[ticket.status]}</Badge>
      </td>
      <td>{ticket.assignee?.name ?? <span className="bo-muted">никто</span>}</td>
      <td>{formatDateTime(ticket.created_at)}</td>
      <td className="bo-num">{ticket.first_answer_s === null ? '—' : formatAge(ticket.first_answer_s)}</td>
    </tr>
  );
}

/** /backoffice/support: every customer's and partner's ticket, filtered. */
export function SupportListPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [draft, setDraft] = useState<Record<string, string>>(() => ({ ...Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])), status: query.status ?? 'open' }));
  const { data, error, loading, reload } = useLoad(JSON.stringify(query), () => supportCalls.tickets(query).then((r) => r.data));
  useLive(staffEvent(), reload);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
  };
  const select = (name: (typeof FILTERS)[number], label: string, options: Record<string, string>) => (
    <Field label={label}>
      {(props) => (
        <select {...props} className="ex-ui-select" value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}>
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <BoPage heading="Поддержка">
      <form className="bo-filters" onSubmit={apply} aria-label="Фильтры обращений">
        {select('status', 'Статус', { ...TICKET_STATUSES, all: 'Все' })}
        {select('kind', 'Кто обратился', { '': 'Все', ...TICKET_KINDS })}
        {select('assignee', 'Исполнитель', { '': 'Все', me: 'Мои', none: 'Никому не назначены' })}
        {select('older_than_h', 'Возраст', { '': 'Любой', '1': 'Старше часа', '24': 'Старше суток', '72': 'Старше 3 дней' })}
        <Field label="Поиск">
          {(props) => (
            <input {...props} className="ex-ui-input" type="search" value={draft.q} placeholder="Номер или слова" onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
          )}
        </Field>
        <button type="submit" className="ex-ui-button">
          Показать
        </button>
      </form>
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={4} height={48} />}
      {data && data.data.length === 0 && <Empty>Обращений с такими условиями нет.</Empty>}
      {data && data.data.length > 0 && (
        <>
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="bo-sr">Обращения</caption>
              <thead>
                <tr>
                  <th scope="col" className="bo-num">
                    Номер
                  </th>
                  <th scope="col">Тема</th>
                  <th scope="col">Статус</th>
                  <th scope="col">Исполнитель</th>
                  <th scope="col">Создано</th>
                  <th scope="col" className="bo-num">
                    Первый ответ
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((ticket) => (
                  <Row key={ticket.id} ticket={ticket} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.current_page} lastPage={data.last_page} onPage={(page) => setParams({ ...Object.fromEntries(params), page: String(page) })} />
        </>
      )}
      <TemplatesEditor list="support" title="Шаблоны ответов" />
    </BoPage>
  );
}
