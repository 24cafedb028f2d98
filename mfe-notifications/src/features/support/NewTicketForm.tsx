import { useEffect, useRef, useState, type FormEvent } from 'react';
import { bus, type SupportTicket } from '@excursio/shared';
import { Field, fieldErrors, failureText, useAction, useLoad } from '@excursio/shared/ui';
import { supportCalls } from './supportCalls';
import { excursionLabel, TEXT_MAX } from './ticketText';

interface NewTicketFormProps {
  /** An order the ticket is about (opened from an order page). */
  orderId: number | null;
  onCreated: (t: SupportTicket) => void;
  onCancel: () => void;
}

/** A new ticket: subject, an optional order or excursion, the message. */
export function NewTicketForm({ orderId, onCreated, onCancel }: NewTicketFormProps) {
  const subjects = useLoad('subjects', async () => (await supportCalls.subjects()).data);
  const [form, setForm] = useState({
    subject: orderId ? `Вопрос по заказу №${orderId}` : '',
    text: '',
    order_id: orderId ? String(orderId) : '',
    excursion_id: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { busy: sending, run } = useAction();
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
    await run(
      async () => {
        const created = await supportCalls.create({
          subject: form.subject.trim(),
          text: form.text.trim(),
          ...(form.order_id ? { order_id: Number(form.order_id) } : {}),
          ...(form.excursion_id ? { excursion_id: Number(form.excursion_id) } : {}),
        });
        bus.emit('toast:show', { type: 'info', message: 'Обращение отправлено' });
        onCreated(created.data);
      },
      {
        onError: (error) => {
          const fields = fieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFailure(failureText(error));
        },
      },
    );
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
