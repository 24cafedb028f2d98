import { useState } from 'react';
import { bus, type PartnerOrderDetail, type ProposalOptions } from '@excursio/shared';
import { PROPOSAL_MAX_SLOTS, PROPOSAL_MESSAGE_MAX } from '@excursio/shared/contracts';
import { formatEventMoment, formatEventShort } from '@excursio/shared/time';
import { Field, fieldErrors, failureText, useAction } from '../../components/ui';
import { orderCalls } from '../../calls/orderCalls';
import { money } from '../../components/orderTexts';

const MOVABLE = ['awaiting_confirmation', 'awaiting_payment', 'confirmed'];
/** The first slots offered to pick from (the calendar has the rest; a new time covers any other). */
const SHOWN = 12;

interface NewTime {
  key: number;
  date: string;
  time: string;
}

/** Whether the partner may propose other times for the order now (the api decides again). */
export const canPropose = (order: PartnerOrderDetail, now = Date.now()) =>
  MOVABLE.includes(order.status) && new Date(order.event.starts_at).getTime() > now;

/**
 * «Предложить другое время»: one to three of the excursion's slots, or new times (each becomes a slot), with a message.
 * The traveller gets them in a notification and in the chat, as buttons.
 */
export function ProposeTimes({ order, onChanged }: { order: PartnerOrderDetail; onChanged: (order: PartnerOrderDetail) => void }) {
  const [options, setOptions] = useState<ProposalOptions | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [times, setTimes] = useState<NewTime[]>([]);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  if (!canPropose(order)) return null;
  const zone = order.excursion.time_zone;
  const count = picked.length + times.length;

  const open = () =>
    run(async () => {
      setErrors({});
      setOptions((await orderCalls.proposalOptions(order.id)).data);
    });
  const close = () => {
    setOptions(null);
    setPicked([]);
    setTimes([]);
    setErrors({});
  };
  const toggle = (id: number) => setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const submit = () => {
    const local: Record<string, string> = {};
    if (count === 0) local.event_ids = 'Выберите хотя бы одно время или добавьте новое.';
    if (count > PROPOSAL_MAX_SLOTS) local.event_ids = `Можно предложить не больше ${PROPOSAL_MAX_SLOTS} вариантов.`;
    if (times.some((t) => !t.date || !t.time)) local.new_times = 'Укажите дату и время.';
    if (!message.trim()) local.message = 'Напишите путешественнику пару слов: почему другое время.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    return run(
      async () => {
        const body = { event_ids: picked, new_times: times.map(({ date, time }) => ({ date, time })), message: message.trim() };
        onChanged((await orderCalls.propose(order.id, body)).data);
        close();
        setMessage('');
        bus.emit('toast:show', { type: 'info', message: 'Предложение отправлено: путешественник выберет время в заказе или в чате.' });
      },
      {
        onError: (error) => {
          const fields = fieldErrors(error);
          setErrors(Object.keys(fields).length > 0 ? fields : { form: failureText(error) });
        },
      },
    );
  };

  const pending = order.proposal;
  if (!options) {
    return (
      <div className="pa-order-propose">
        {pending && (
          <output className="pa-order-status__text pa-order-propose__pending">
            Вы предложили другое время: {pending.slots.map((s) => s.label).join('; ')}. Ждём ответа путешественника до{' '}
            {formatEventShort(pending.expires_at, zone)}.
          </output>
        )}
        <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void open()}>
          {pending ? 'Предложить другое время заново' : 'Предложить другое время'}
        </button>
      </div>
    );
  }

  return (
    <form
      className="pa-order-actions__form pa-order-propose"
      aria-labelledby="pa-propose-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id="pa-propose-title" className="pa-order-move__title">
        Предложить другое время
      </h3>
      {options.reason ? (
        <p className="pa-order-status__text">{options.reason}</p>
      ) : (
        <>
          <p className="pa-order-status__text">
            До {PROPOSAL_MAX_SLOTS} вариантов. Путешественник выберет один в заказе или в чате — или откажется, и тогда заказ отменится с полным
            возвратом предоплаты.
          </p>
          <fieldset className="pa-order-actions__reasons" aria-describedby={errors.event_ids ? 'pa-propose-slots-error' : undefined}>
            <legend className="ex-ui-label">Свободные слоты этой экскурсии</legend>
            {options.slots.length === 0 && <p className="pa-order__hint">Других свободных слотов нет: добавьте новое время ниже.</p>}
            {options.slots.slice(0, SHOWN).map((slot) => (
              <label key={slot.event_id} className="pa-order-actions__reason">
                <input
                  type="checkbox"
                  checked={picked.includes(slot.event_id)}
                  disabled={!picked.includes(slot.event_id) && count >= PROPOSAL_MAX_SLOTS}
                  onChange={() => toggle(slot.event_id)}
                />{' '}
                {formatEventMoment(slot.starts_at, zone)} — свободно {slot.seats_left}
              </label>
            ))}
            {errors.event_ids && (
              <p id="pa-propose-slots-error" className="ex-ui-error" role="alert">
                {errors.event_ids}
              </p>
            )}
          </fieldset>
          {times.map((t, i) => (
            <fieldset key={t.key} className="pa-order-propose__time">
              <legend className="ex-ui-label">Новое время {i + 1}</legend>
              <Field label="Дата">
                {(ids) => (
                  <input
                    {...ids}
                    type="date"
                    className="ex-ui-input"
                    value={t.date}
                    onChange={(e) => setTimes((all) => all.map((x) => (x.key === t.key ? { ...x, date: e.target.value } : x)))}
                  />
                )}
              </Field>
              <Field label="Время начала">
                {(ids) => (
                  <input
                    {...ids}
                    type="time"
                    className="ex-ui-input"
                    value={t.time}
                    onChange={(e) => setTimes((all) => all.map((x) => (x.key === t.key ? { ...x, time: e.target.value } : x)))}
                  />
                )}
              </Field>
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setTimes((all) => all.filter((x) => x.key !== t.key))}>
                Убрать время {i + 1}
              </button>
            </fieldset>
          ))}
          {errors.new_times && (
            <p className="ex-ui-error" role="alert">
              {errors.new_times}
            </p>
          )}
          {count < PROPOSAL_MAX_SLOTS && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setTimes((all) => [...all, { key: Date.now(), date: '', time: '' }])}>
              Добавить новое время
            </button>
          )}
          <Field label="Сообщение путешественнику" hint={`Придёт в чат заказа вместе с вариантами. Стоимость пересчитается по цене нового слота (сейчас ${money(order.total)}).`} error={errors.message}>
            {(ids) => <textarea {...ids} className="ex-ui-textarea" maxLength={PROPOSAL_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />}
          </Field>
        </>
      )}
      {(errors.form || errors.status || errors.proposal) && (
        <p className="ex-ui-error" role="alert">
          {errors.form ?? errors.status ?? errors.proposal}
        </p>
      )}
      <div className="pa-order-actions__buttons">
        {!options.reason && (
          <button type="submit" className="ex-ui-button" disabled={busy}>
            {busy ? 'Отправляем…' : 'Отправить предложение'}
          </button>
        )}
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={close}>
          Не нужно
        </button>
      </div>
    </form>
  );
}
