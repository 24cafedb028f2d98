import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, fieldErrors, failureText, LoadError, Skeleton, useAction, useLoad } from '@excursio/shared/ui';
import { supportCalls } from './supportCalls';
import { TicketStatusBadge } from './TicketStatusBadge';
import { dateTime, excursionLabel, TEXT_MAX } from './ticketText';

/** While a ticket is open on screen its answers are looked for this often (and when the tab comes back). */
const REFRESH_MS = 30_000;

/** One ticket: its messages, a reply, closing it. */
export function TicketConversation({ id, onBack, onChanged }: { id: number; onBack: () => void; onChanged: () => void }) {
  const loaded = useLoad(`ticket-${id}`, async () => (await supportCalls.ticket(id)).data);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useAction();
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
    setError(undefined);
    await run(
      async () => {
        loaded.set((await supportCalls.write(id, trimmed)).data);
        setText('');
        onChanged();
      },
      { onError: (failure) => setError(fieldErrors(failure).text ?? failureText(failure)) },
    );
  };
  const close = () =>
    run(async () => {
      loaded.set((await supportCalls.close(id)).data);
      onChanged();
    });

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
            <TicketStatusBadge status={ticket.status} />
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
