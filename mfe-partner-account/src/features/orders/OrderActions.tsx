import { useState } from 'react';
import { ApiError, bus, type PartnerOrderDetail } from '@excursio/shared';
import { CANCEL_REASONS, DECLINE_REASONS } from '@excursio/shared/contracts';
import { Field, fieldErrors, failureText } from '../../components/ui';
import { orderCalls, type Decision } from '../../calls/orderCalls';

const DAY_MS = 24 * 60 * 60 * 1000;

type Reasons = Record<string, string>;

/** What the partner may do with the order now (the api decides again; this only hides what cannot work). */
export function availableDecisions(order: PartnerOrderDetail, now = Date.now()): Decision[] {
  const end = new Date(order.event.starts_at).getTime() + order.excursion.duration_minutes * 60_000;
  switch (order.status) {
    case 'awaiting_confirmation':
      return ['confirm', 'decline'];
    case 'awaiting_payment':
      return ['cancel'];
    case 'confirmed':
      return now < new Date(order.event.starts_at).getTime() ? ['cancel'] : now >= end && now <= end + DAY_MS ? ['no-show'] : [];
    case 'completed':
      return now >= end && now <= end + DAY_MS && !order.tickets.some((t) => t.status === 'redeemed') ? ['no-show'] : [];
    default:
      return [];
  }
}

/** A reason from the fixed list (shown to the customer) and the partner's words. */
function ReasonForm({
  title,
  reasons,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  reasons: Reasons;
  submitLabel: string;
  onSubmit: (reason: string, comment: string) => Promise<Record<string, string> | null>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="pa-order-actions__form"
      aria-label={title}
      onSubmit={async (e) => {
        e.preventDefault();
        const local: Record<string, string> = {};
        if (!reason) local.reason = 'Выберите причину.';
        if (reason === 'other' && !comment.trim()) local.comment = 'Опишите причину.';
        setErrors(local);
        if (Object.keys(local).length > 0) return;
        setBusy(true);
        const failed = await onSubmit(reason, comment.trim());
        setBusy(false);
        if (failed) setErrors(failed);
      }}
    >
      <fieldset className="pa-order-actions__reasons">
        <legend className="ex-ui-label">{title}</legend>
        {Object.entries(reasons).map(([code, label]) => (
          <label key={code} className="pa-order-actions__reason">
            <input
              type="radio"
              name="reason"
              value={code}
              checked={reason === code}
              onChange={() => setReason(code)}
              aria-describedby={errors.reason ? 'pa-reason-error' : undefined}
            />{' '}
            {label}
          </label>
        ))}
        {errors.reason && (
          <p id="pa-reason-error" className="ex-ui-error">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <Field label="Комментарий для путешественника" hint="Необязательно, кроме «Другая причина»." error={errors.comment}>
        {(ids) => <textarea {...ids} className="ex-ui-textarea" maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} />}
      </Field>
      <div className="pa-order-actions__buttons">
        <button type="submit" className="ex-ui-button ex-ui-button--danger" disabled={busy}>
          {busy ? 'Отправляем…' : submitLabel}
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onCancel}>
          Не нужно
        </button>
      </div>
    </form>
  );
}

/** The partner's decisions on the order: accept, decline with a reason, cancel with a reason, mark a no-show. */
export function OrderActions({ order, onChanged }: { order: PartnerOrderDetail; onChanged: () => void }) {
  const [open, setOpen] = useState<'decline' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const decisions = availableDecisions(order);
  if (decisions.length === 0) return null;
  // awaiting_payment: nothing has been paid yet, so there is no prepayment to return
  const paid = order.status !== 'awaiting_payment';

  const run = async (decision: Decision, body?: { reason: string; comment?: string }): Promise<Record<string, string> | null> => {
    try {
      await orderCalls.decide(order.id, decision, body as never);
      setOpen(null);
      bus.emit('toast:show', { type: 'info', message: decision === 'cancel' && !paid ? CANCELLED_UNPAID : DONE[decision] });
      onChanged();
      return null;
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) return fields;
      const message = error instanceof ApiError && (error.status === 409 || error.status === 422) ? error.message : failureText(error);
      bus.emit('toast:show', { type: 'error', message });
      onChanged();
      return null;
    }
  };
  const simple = async (decision: Decision) => {
    setBusy(true);
    await run(decision);
    setBusy(false);
  };

  return (
    <div className="pa-order-actions">
      {open === null && (
        <div className="pa-order-actions__buttons">
          {decisions.includes('confirm') && (
            <button type="button" className="ex-ui-button" disabled={busy} onClick={() => void simple('confirm')}>
              Подтвердить заказ
            </button>
          )}
          {decisions.includes('decline') && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setOpen('decline')}>
              Отклонить
            </button>
          )}
          {decisions.includes('cancel') && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setOpen('cancel')}>
              Отменить заказ
            </button>
          )}
          {decisions.includes('no-show') && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void simple('no-show')}>
              Путешественник не пришёл
            </button>
          )}
        </div>
      )}
      {open === 'decline' && (
        <ReasonForm
          title="Почему вы отклоняете заказ?"
          reasons={DECLINE_REASONS}
          submitLabel="Отклонить заказ"
          onSubmit={(reason, comment) => run('decline', { reason, ...(comment ? { comment } : {}) })}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'cancel' && (
        <ReasonForm
          title={paid ? 'Почему вы отменяете заказ? Предоплата вернётся путешественнику полностью.' : 'Почему вы отменяете заказ? Предоплата по нему ещё не вносилась, возвращать нечего.'}
          reasons={CANCEL_REASONS}
          submitLabel="Отменить заказ"
          onSubmit={(reason, comment) => run('cancel', { reason, ...(comment ? { comment } : {}) })}
          onCancel={() => setOpen(null)}
        />
      )}
    </div>
  );
}

const CANCELLED_UNPAID = 'Заказ отменён, путешественник получил уведомление с причиной.';

const DONE: Record<Decision, string> = {
  confirm: 'Заказ подтверждён: путешественник получил уведомление и может оплатить предоплату.',
  decline: 'Заказ отклонён, путешественник получил уведомление с причиной.',
  cancel: 'Заказ отменён, предоплата вернётся путешественнику.',
  'no-show': 'Неявка отмечена.',
};
