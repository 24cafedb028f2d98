import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from '@excursio/shared/router';
import {
  bus,
  formatDate,
  pluralRu,
  type SupportCenterProps,
  type SupportStatus,
  type SupportTicket,
  type SupportTicketSummary,
} from '@excursio/shared';
import { Field, fieldErrors, failureText, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { supportCalls } from './supportCalls';
import './support.css';

export const STATUS_LABEL: Record<SupportStatus, string> = { open: 'Ждёт ответа', answered: 'Есть ответ', closed: 'Закрыто' };
const TEXT_MAX = 5000;
/** While a ticket is open on screen its answers are looked for this often (and when the tab comes back). */
const REFRESH_MS = 30_000;

const dateTime = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** An excursion as the form names it: a draft saved before it got a title is named as in «Мои экскурсии», never an empty option. */
export const excursionLabel = (x: { id: number; title: string }) => x.title.trim() || `Без названия (№${x.id})`;

function StatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`ex-ui-badge ex-ui-badge--${status}`}>{STATUS_LABEL[status]}</span>;
}

function EmptyState({ children }: { children: string }) {
  return <p className="nt-support__empty">{children}</p>;
}

interface NewTicketProps {
  /** An order the ticket is about (opened from an order page). */
  orderId: number | null;
  onCreated: (t: SupportTicket) => void;
  onCancel: () => void;
}

function NewTicket({ orderId, onCreated, onCancel }: NewTicketProps) {
  const subjects = useLoad('subjects', async () => (await supportCalls.subjects()).data);
  const [form, setForm] = useState({
    subject: orderId ? `Вопрос по заказу №${orderId}` : '',
    text: '',
    order_id: orderId ? String(orderId) : '',
    excursion_id: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!form.subject.trim()) found.subject = 'Укажите тему обращения.';
    if (!form.text.trim()) found.text = 'Напишите сообщение.';
    else if (form.text.trim().length > TEXT_MAX) found.text = `Сообщение длиннее ${TEXT_MAX} символов.`;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const created = await supportCalls.create({
        subject: form.subject.trim(),
        text: form.text.trim(),
        ...(form.order_id ? { order_id: Number(form.order_id) } : {}),
        ...(form.excursion_id ? { excursion_id: Number(form.excursion_id) } : {}),
      });
      bus.emit('toast:show', { type: 'info', message: 'Обращение отправлено' });
      onCreated(created.data);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="ex-ui-card nt-support__new" onSubmit={submit} noValidate aria-labelledby="nt-support-new">
      <h2 id="nt-support-new" className="nt-support__subtitle">
        Новое обращение
      </h2>
      {failure && (
        <p className="ex-ui-alert" role="alert">
          {failure}
        </p>
      )}
      <Field label="Тема" error={errors.subject}>
        {(props) => (
          <input {...props} ref={first} className="ex-ui-input" maxLength={300} value={form.subject} onChange={(e) => setForm({ ...form, subject: e.target.value })} />
        )}
      </Field>
      <div className="nt-support__pair">
        <Field label="Заказ (необязательно)" error={errors.order_id}>
          {(props) => (
            <select {...props} className="ex-ui-select" value={form.order_id} onChange={(e) => setForm({ ...form, order_id: e.target.value })}>
              <option value="">Без заказа</option>
              {subjects.data?.orders.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {(subjects.data?.excursions.length ?? 0) > 0 && (
        <Field label="Экскурсия (необязательно)" error={errors.excursion_id}>
          {(props) => (
            <select {...props} className="ex-ui-select" value={form.excursion_id} onChange={(e) => setForm({ ...form, excursion_id: e.target.value })}>
              <option value="">Без экскурсии</option>
              {subjects.data?.excursions.map((x) => (
                <option key={x.id} value={x.id}>
                  {excursionLabel(x)}
                </option>
              ))}
            </select>
          )}
        </Field>
        )}
      </div>
      <Field label="Сообщение" error={errors.text}>
        {(props) => <textarea {...props} className="ex-ui-textarea" rows={5} value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />}
      </Field>
      <div className="nt-support__actions">
        <button type="submit" className="ex-ui-button" disabled={sending}>
          {sending ? 'Отправляем…' : 'Отправить'}
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}

function TicketView({ id, onBack, onChanged }: { id: number; onBack: () => void; onChanged: () => void }) {
  const loaded = useLoad(`ticket-${id}`, async () => (await supportCalls.ticket(id)).data);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const ticket = loaded.data;
  const { reload } = loaded;

  useEffect(() => {
    if (ticket) heading.current?.focus();
    // focus once, when the ticket first shows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket?.id]);
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError('Напишите сообщение.');
    if (trimmed.length > TEXT_MAX) return setError(`Сообщение длиннее ${TEXT_MAX} символов.`);
    setBusy(true);
    setError(undefined);
    try {
      loaded.set((await supportCalls.write(id, trimmed)).data);
      setText('');
      onChanged();
    } catch (failure) {
      setError(fieldErrors(failure).text ?? failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const close = async () => {
    setBusy(true);
    try {
      loaded.set((await supportCalls.close(id)).data);
      onChanged();
    } catch (failure) {
      bus.emit('toast:show', { type: 'error', message: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="nt-support__ticket" aria-labelledby="nt-support-ticket">
      <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onBack}>
        ← Все обращения
      </button>
      {loaded.error && !ticket ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !ticket ? (
        <Skeleton lines={2} height={80} />
      ) : (
        <>
          <header className="nt-support__ticket-head">
            <h2 id="nt-support-ticket" ref={heading} tabIndex={-1} className="nt-support__subtitle">
              {ticket.subject}
            </h2>
            <StatusBadge status={ticket.status} />
            <span className="ex-ui-hint">
              №{ticket.id} · {dateTime(ticket.created_at)}
              {ticket.order_id !== null && <> · заказ №{ticket.order_id}</>}
              {ticket.excursion && <> · {excursionLabel(ticket.excursion)}</>}
            </span>
          </header>
          <ol className="nt-support__messages" aria-label="Переписка" aria-live="polite">
            {ticket.messages.map((m) => (
              <li key={m.id} className={`nt-support__message${m.from_support ? ' nt-support__message--support' : ''}`}>
                <p className="nt-support__message-head">
                  <strong>{m.author_name}</strong> · <time dateTime={m.created_at}>{dateTime(m.created_at)}</time>
                </p>
                <p className="nt-support__message-text">{m.text}</p>
              </li>
            ))}
          </ol>
          <form className="nt-support__reply" onSubmit={send} noValidate>
            <Field label={ticket.status === 'closed' ? 'Написать снова (обращение откроется)' : 'Ваше сообщение'} error={error}>
              {(props) => <textarea {...props} className="ex-ui-textarea" rows={4} value={text} onChange={(e) => setText(e.target.value)} />}
            </Field>
            <div className="nt-support__actions">
              <button type="submit" className="ex-ui-button" disabled={busy}>
                Отправить
              </button>
              {ticket.status !== 'closed' && (
                <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={close}>
                  Закрыть обращение
                </button>
              )}
            </div>
          </form>
        </>
      )}
    </section>
  );
}

function TicketList({ onOpen, onNew, version }: { onOpen: (id: number) => void; onNew: () => void; version: number }) {
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
                      <StatusBadge status={t.status} />
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

/**
 * The support of the signed-in customer or partner (the `SupportCenter` widget of /account/user/support and
 * /account/partner/support): the list, a new ticket (`?order=ID` attaches an order), the conversation (`?ticket=ID`).
 */
export function SupportCenter({ userType }: SupportCenterProps) {
  const [params, setParams] = useSearchParams();
  const ticketId = Number(params.get('ticket')) || null;
  const orderId = Number(params.get('order')) || null;
  const [creating, setCreating] = useState(orderId !== null);
  const [version, setVersion] = useState(0);
  const open = (id: number | null) => {
    setCreating(false);
    setParams(id ? { ticket: String(id) } : {});
  };

  return (
    <div className="nt-support" data-account={userType}>
      {ticketId ? (
        <TicketView id={ticketId} onBack={() => open(null)} onChanged={() => setVersion((v) => v + 1)} />
      ) : creating ? (
        <NewTicket
          orderId={orderId}
          onCreated={(t) => {
            setVersion((v) => v + 1);
            open(t.id);
          }}
          onCancel={() => open(null)}
        />
      ) : (
        <TicketList onOpen={open} onNew={() => setCreating(true)} version={version} />
      )}
    </div>
  );
}
