import { useState } from 'react';
import { Link, useParams } from '@excursio/shared/router';
import type { StaffTicket, StaffTicketMessage } from '@excursio/shared';
import { LoadError, Skeleton, failureText, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage } from '../../components/BoPage';
import { useStaffMe } from '../../components/StaffContext';
import { formatAge, formatDateTime } from '../../components/format';
import { staffEvent, useLive } from '../../components/useLive';
import { ReplyForm } from './ReplyForm';
import { supportCalls, TICKET_KINDS, TICKET_STATUSES } from './supportCalls';
import '../../components/thread.css';
import './support.css';

const AUTHOR = { owner: 'Автор обращения', staff: 'Поддержка', note: 'Внутренняя заметка' } as const;

function Message({ message, owner }: { message: StaffTicketMessage; owner: string }) {
  const who = message.kind === 'owner' ? owner : message.author?.name;
  return (
    <li className={`bo-msg bo-msg--${message.kind}`}>
      <p className="bo-msg__meta">
        {who && (
          <>
            <strong>{who}</strong> ·{' '}
          </>
        )}
        {AUTHOR[message.kind]}
        {message.kind === 'note' && ' — клиент её не видит'} · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      <p className="bo-msg__text">{message.text}</p>
    </li>
  );
}

function Summary({ ticket }: { ticket: StaffTicket }) {
  return (
    <dl className="bo-dl bo-card">
      <dt>Статус</dt>
      <dd>
        <Badge tone={ticket.status === 'open' ? 'warn' : ticket.status === 'answered' ? 'ok' : 'neutral'}>{TICKET_STATUSES[ticket.status]}</Badge>
      </dd>
      <dt>Автор</dt>
      <dd>
        <Link className="bo-link" to={`/backoffice/accounts/${ticket.user.id}`}>
          {ticket.user.name}
        </Link>{' '}
        ({TICKET_KINDS[ticket.kind]})
      </dd>
      {ticket.order_id !== null && (
        <>
          <dt>Заказ</dt>
          <dd>
            <Link className="bo-link" to={`/backoffice/orders/${ticket.order_id}`}>
              №{ticket.order_id}
            </Link>
          </dd>
        </>
      )}
      {ticket.excursion && (
        <>
          <dt>Экскурсия</dt>
          <dd>{ticket.excursion.title}</dd>
        </>
      )}
      <dt>Создано</dt>
      <dd>{formatDateTime(ticket.created_at)}</dd>
      <dt>Первый ответ</dt>
      <dd>{ticket.first_answer_s === null ? 'ещё не было' : `через ${formatAge(ticket.first_answer_s)}`}</dd>
      <dt>Исполнитель</dt>
      <dd>{ticket.assignee?.name ?? 'не назначен'}</dd>
    </dl>
  );
}

/** /backoffice/support/{id}: the conversation, internal notes apart, assignment, replies and notes. */
export function TicketPage() {
  const id = Number(useParams().id);
  const me = useStaffMe();
  const { data: ticket, error, loading, reload, set } = useLoad(`ticket:${id}`, () => supportCalls.ticket(id).then((r) => r.data));
  const [problem, setProblem] = useState<string | null>(null);
  useLive(staffEvent('ticket_id', id), reload);

  const act = async (call: () => Promise<{ data: StaffTicket }>) => {
    setProblem(null);
    try {
      set((await call()).data);
    } catch (e) {
      setProblem(failureText(e));
    }
  };
  const mine = Boolean(ticket?.assignee && me && ticket.assignee.id === me.id);

  return (
    <BoPage heading={ticket ? `Обращение №${ticket.id}: ${ticket.subject}` : `Обращение №${id}`} back={{ to: '/backoffice/support', label: 'К обращениям' }}>
      {error != null && !ticket && <LoadError error={error} onRetry={reload} />}
      {loading && !ticket && <Skeleton lines={3} />}
      {ticket && (
        <div className="bo-two">
          <div>
            <ol className="bo-thread" aria-label="Переписка">
              {ticket.messages.map((m) => (
                <Message key={m.id} message={m} owner={ticket.user.name} />
              ))}
            </ol>
            {ticket.status !== 'closed' && <ReplyForm ticketId={ticket.id} onSaved={set} />}
          </div>
          <section className="bo-actions" aria-label="Обращение">
            <Summary ticket={ticket} />
            <div className="bo-row">
              {mine ? (
                <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void act(() => supportCalls.unassign(id))}>
                  Снять с себя
                </button>
              ) : (
                <button type="button" className="ex-ui-button" onClick={() => void act(() => supportCalls.assign(id))}>
                  Взять себе
                </button>
              )}
              {ticket.status !== 'closed' && (
                <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void act(() => supportCalls.close(id))}>
                  Закрыть обращение
                </button>
              )}
            </div>
            {problem && (
              <p className="ex-ui-error" role="alert">
                {problem}
              </p>
            )}
          </section>
        </div>
      )}
    </BoPage>
  );
}
