import { useState } from 'react';
import { bus, type OrderDetail, type RescheduleOptions } from '@excursio/shared';
import { failureText, fieldErrors, useAction } from '@excursio/shared/ui';
import { orderCalls } from '../../calls/orderCalls';
import { orderMoment } from '../../lib/orderTime';
import { RescheduleCalendar } from './RescheduleCalendar';

/** «Перенести на другое время»: a day of the month, then its time (each with its price difference), then confirm. */
export function RescheduleOrder({ order, onChanged }: { order: OrderDetail; onChanged: (order: OrderDetail) => void }) {
  const [options, setOptions] = useState<RescheduleOptions | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const { busy, run } = useAction();
  const [problem, setProblem] = useState<string | null>(null);
  if (!['awaiting_confirmation', 'awaiting_payment', 'confirmed'].includes(order.status)) return null;

  if (order.reschedule) {
    return (
      <output className="ua-order__hint ua-reschedule__pending">
        Вы попросили перенести заказ на {orderMoment(order, order.reschedule.starts_at)} — ждём ответа гида.
      </output>
    );
  }

  const open = async () => {
    setProblem(null);
    await run(async () => setOptions((await orderCalls.rescheduleOptions(order.id)).data), { onError: (error) => setProblem(failureText(error)) });
  };
  const confirm = async () => {
    if (choice === null) return setProblem('Выберите новое время.');
    setProblem(null);
    await run(
      async () => {
        const updated = (await orderCalls.reschedule(order.id, choice)).data;
        onChanged(updated);
        setOptions(null);
        bus.emit('toast:show', {
          type: 'info',
          message: updated.reschedule ? 'Запрос на перенос отправлен гиду' : `Заказ перенесён на ${orderMoment(updated, updated.event.starts_at)}`,
        });
      },
      { onError: (error) => setProblem(fieldErrors(error).event_id ?? failureText(error)) },
    );
  };

  if (!options) {
    return (
      <>
        <button type="button" className="ua-order__cancel" disabled={busy} onClick={() => void open()}>
          Перенести на другое время
        </button>
        {problem && (
          <p className="ex-ui-error" role="alert">
            {problem}
          </p>
        )}
      </>
    );
  }
  return (
    <fieldset className="ua-cancel" aria-labelledby="ua-reschedule-title">
      <h2 id="ua-reschedule-title" className="ua-order__subtitle">
        Перенести заказ
      </h2>
      {!options.allowed ? (
        <p className="ua-order__hint">{options.reason}</p>
      ) : options.slots.length === 0 ? (
        <p className="ua-order__hint">Других свободных дат у этой экскурсии сейчас нет. Напишите гиду в чате заказа.</p>
      ) : (
        <div className="ua-reschedule">
          <p className="ua-order__hint">
            {options.needs_approval ? 'Гид подтвердит перенос, до этого заказ остаётся на прежнее время.' : 'Заказ перенесётся сразу, билеты останутся теми же.'}
          </p>
          <RescheduleCalendar slots={options.slots} timeZone={order.excursion.time_zone} chosen={choice} onChoose={setChoice} />
        </div>
      )}
      {problem && (
        <p className="ex-ui-error" role="alert">
          {problem}
        </p>
      )}
      <div className="ua-cancel__actions">
        {options.allowed && options.slots.length > 0 && (
          <button type="button" className="ua-cancel__confirm ua-reschedule__confirm" disabled={busy} onClick={() => void confirm()}>
            {options.needs_approval ? 'Отправить запрос гиду' : 'Перенести'}
          </button>
        )}
        <button type="button" className="ua-cancel__keep" disabled={busy} onClick={() => setOptions(null)}>
          Отмена
        </button>
      </div>
    </fieldset>
  );
}
