import { useState } from 'react';
import type { StaffChatMessage } from '@excursio/shared';
import { failureText } from '@excursio/shared/ui';
import { formatDateTime } from '../../components/format';
import { orderCalls } from './orderCalls';
import '../../components/thread.css';

/** The order's chat, read-only and shown only on request: opening it is written to the audit log. */
export function OrderChat({ orderId, count }: { orderId: number; count: number }) {
  const [messages, setMessages] = useState<StaffChatMessage[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setProblem(null);
    try {
      setMessages((await orderCalls.chat(orderId)).data.messages);
    } catch (e) {
      setProblem(failureText(e));
    }
  };
  return (
    <section className="bo-section" aria-labelledby="bo-chat">
      <h2 className="bo-section__title" id="bo-chat">
        Переписка по заказу
      </h2>
      {messages === null ? (
        <>
          <p className="bo-muted">Сообщений: {count}. Открытие переписки записывается в журнал действий.</p>
          <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void open()} disabled={count === 0}>
            Открыть переписку
          </button>
        </>
      ) : (
        <ol className="bo-thread" aria-label="Сообщения (только чтение)">
          {messages.map((m) => (
            <li key={m.id} className={`bo-msg ${m.sender === 'partner' ? 'bo-msg--staff' : ''}`}>
              <p className="bo-msg__meta">
                <strong>{m.sender_name}</strong> · {m.sender === 'partner' ? 'партнёр' : 'путешественник'} · {formatDateTime(m.created_at)}
              </p>
              <p className="bo-msg__text">{m.text}</p>
            </li>
          ))}
        </ol>
      )}
      {problem && (
        <p className="ex-ui-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
