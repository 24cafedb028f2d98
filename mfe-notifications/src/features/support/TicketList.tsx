import { useState } from 'react';
import { pluralRu, type SupportStatus, type SupportTicketSummary } from '@excursio/shared';
import { Field, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { supportCalls } from './supportCalls';
import { STATUS_LABEL, TicketStatusBadge } from './TicketStatusBadge';
import { dateTime } from './ticketText';

function EmptyState({ children }: { children: string }) {
  return <p className="nt-support__empty">{children}</p>;
}

/** The account's tickets, by status, a page at a time. */
export function TicketList({ onOpen, onNew, version }: { onOpen: (id: number) => void; onNew: () => void; version: number }) {
  const [status, setStatus] = useState<SupportStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = { ...(status ? { status } : {}), page };
  const loaded = useLoad(`${JSON.stringify(query)}#${version}`, async () => (await supportCalls.tickets(query)).data);
  const list = loaded.data;

  return (
    <>
      <div className="nt-support__toolbar">
        <button type="button" className="ex-ui-button" onClick={onNew}>
          Новое обращение
        </button>
        <Field label="Статус">
          {(props) => (
            <select
              {...props}
              className="ex-ui-select"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as SupportStatus | '');
                setPage(1);
              }}
            >
              <option value="">Все</option>
              {(Object.keys(STATUS_LABEL) as SupportStatus[]).map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.loading && !list ? (
        <Skeleton lines={3} height={72} />
      ) : list && list.data.length === 0 ? (
        <EmptyState>
          {status ? 'Нет обращений с этим статусом.' : 'Обращений пока нет. Если что-то не работает или нужен совет — напишите нам.'}
        </EmptyState>
      ) : (
        list && (
          <>
            <ul className="nt-support__list">
              {list.data.map((t: SupportTicketSummary) => (
                <li key={t.id}>
                  <button type="button" className="ex-ui-card nt-support__item" onClick={() => onOpen(t.id)}>
                    <span className="nt-support__item-head">
                      <span className="nt-support__item-subject">{t.subject}</span>
                      <TicketStatusBadge status={t.status} />
                    </span>
                    {t.last_message && <span className="nt-support__item-last">{t.last_message}</span>}
                    <span className="ex-ui-hint">
                      №{t.id} · {dateTime(t.updated_at)} · {pluralRu(t.messages_count, ['сообщение', 'сообщения', 'сообщений'])}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={list.current_page} lastPage={list.last_page} onPage={setPage} />
          </>
        )
      )}
    </>
  );
}
