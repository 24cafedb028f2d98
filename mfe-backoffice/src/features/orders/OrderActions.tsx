import { useId, useState, type FormEvent } from 'react';
import { formatPrice, type StaffOrder } from '@excursio/shared';
import { ErrorNote, failureText, fieldErrors } from '@excursio/shared/ui';
import { isAdmin, useStaffMe } from '../../components/StaffContext';
import { orderCalls } from './orderCalls';

interface OrderActionsProps {
  order: StaffOrder;
  onDone: (order: StaffOrder, message: string) => void;
}

function CancelForm({ order, onDone }: OrderActionsProps) {
  const id = useId();
  const me = useStaffMe();
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<'full' | 'partial' | 'none'>(order.refundable > 0 ? 'full' : 'none');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refundAmount = mode === 'full' ? order.refundable : mode === 'partial' ? Number(amount) : 0;
  const overLimit = me && !isAdmin(me) && refundAmount > me.refund_limit;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Укажите причину отмены.');
    if (mode === 'partial' && !(Number.isInteger(refundAmount) && refundAmount >= 1 && refundAmount <= order.refundable)) {
      return setProblem(`Сумма возврата — целое число от 1 до ${order.refundable} ₽.`);
    }
    setBusy(true);
    setProblem(null);
    try {
      const next = (await orderCalls.cancel(order.id, reason.trim(), refundAmount)).data;
      onDone(next, refundAmount > 0 ? `Заказ отменён, возврат ${formatPrice(refundAmount)} оформлен.` : 'Заказ отменён.');
    } catch (error) {
      const errors = fieldErrors(error);
      setProblem(errors.reason ?? errors.refund_amount ?? failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bo-card bo-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 className="bo-section__title" id={`${id}-title`}>
        Отменить заказ
      </h2>
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={`${id}-reason`}>
          Причина (её увидят путешественник и партнёр)
        </label>
        <textarea id={`${id}-reason`} className="ex-ui-textarea" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
      </div>
      {order.refundable > 0 && (
        <fieldset className="bo-fieldset">
          <legend className="ex-ui-label">Возврат (можно вернуть {formatPrice(order.refundable)})</legend>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'full'} onChange={() => setMode('full')} /> Полный
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'partial'} onChange={() => setMode('partial')} /> Частичный
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'none'} onChange={() => setMode('none')} /> Без возврата
          </label>
          {mode === 'partial' && (
            <div className="ex-ui-field">
              <label className="ex-ui-label" htmlFor={`${id}-amount`}>
                Сумма возврата, ₽
              </label>
              <input
                id={`${id}-amount`}
                className="ex-ui-input"
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
              />
            </div>
          )}
        </fieldset>
      )}
      {overLimit && <p className="bo-muted">Сумма больше {formatPrice(me.refund_limit)}: возврат проведёт администратор.</p>}
      <ErrorNote text={problem} />
      <div>
        <button type="submit" className="ex-ui-button bo-button-danger" disabled={busy}>
          Отменить заказ
        </button>
      </div>
    </form>
  );
}

function HoldForm({ order, onDone }: OrderActionsProps) {
  const id = useId();
  const [minutes, setMinutes] = useState('60');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onDone((await orderCalls.extendHold(order.id, Number(minutes))).data, 'Срок оплаты продлён.');
    } catch (error) {
      setProblem(fieldErrors(error).minutes ?? failureText(error));
    }
  };
  return (
    <form className="bo-card bo-form" onSubmit={(e) => void submit(e)}>
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={id}>
          Продлить срок оплаты на
        </label>
        <select id={id} className="ex-ui-select" value={minutes} onChange={(e) => setMinutes(e.target.value)}>
          <option value="30">30 минут</option>
          <option value="60">1 час</option>
          <option value="180">3 часа</option>
          <option value="1440">сутки</option>
        </select>
      </div>
      <ErrorNote text={problem} />
      <div>
        <button type="submit" className="ex-ui-button ex-ui-button--secondary">
          Продлить
        </button>
      </div>
    </form>
  );
}

/** What staff may do with an order now (the api says which actions apply): cancel + refund, resend tickets, extend the hold. */
export function OrderActions({ order, onDone }: OrderActionsProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const resend = async () => {
    setProblem(null);
    try {
      onDone((await orderCalls.resendTickets(order.id)).data, 'Билеты отправлены путешественнику ещё раз.');
    } catch (error) {
      setProblem(failureText(error));
    }
  };
  const none = !order.actions.cancel && !order.actions.resend_tickets && !order.actions.extend_hold;
  return (
    <>
      {none && <p className="bo-muted">С заказом в этом статусе действий нет.</p>}
      {order.actions.resend_tickets && (
        <div className="bo-card">
          <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void resend()}>
            Отправить билеты ещё раз
          </button>
          <ErrorNote text={problem} />
        </div>
      )}
      {order.actions.extend_hold && <HoldForm order={order} onDone={onDone} />}
      {order.actions.cancel && <CancelForm order={order} onDone={onDone} />}
    </>
  );
}
