import { useState } from 'react';
import { bus, proposalPriceText, type OrderDetail } from '@excursio/shared';
import { failureText, useAction } from '@excursio/shared/ui';
import { orderCalls } from '../../calls/orderCalls';
import { orderMoment } from '../../lib/orderTime';

/**
 * The guide proposes other times (issue 32 §2): each is one tap that moves the order (the seats are re-checked then),
 * or «Ни одно не подходит», which cancels the order with the whole prepayment returned (a second tap confirms).
 */
export function GuideProposal({ order, onChanged }: { order: OrderDetail; onChanged: (order: OrderDetail) => void }) {
  const [refusing, setRefusing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useAction();
  const proposal = order.proposal;
  if (!proposal) return null;

  const answer = (eventId: number | null) =>
    run(
      async () => {
        setProblem(null);
        const updated = (eventId === null ? await orderCalls.refuseProposal(order.id) : await orderCalls.acceptProposal(order.id, eventId)).data;
        onChanged(updated);
        setRefusing(false);
        // the chat re-reads the proposal it carries
        bus.emit('order:changed', { order_id: order.id });
        bus.emit('toast:show', {
          type: 'info',
          message: eventId === null ? 'Заказ отменён, предоплата вернётся полностью.' : `Заказ перенесён на ${orderMoment(updated, updated.event.starts_at)}`,
        });
      },
      { onError: (error) => setProblem(failureText(error)) },
    );

  return (
    <section className="ua-proposal" aria-labelledby="ua-proposal-title">
      <h2 id="ua-proposal-title" className="ua-order__subtitle">
        Гид предлагает другое время
      </h2>
      <p className="ua-proposal__message">{proposal.message}</p>
      <p className="ua-order__hint">Ответьте до {orderMoment(order, proposal.expires_at)}. Выбранное время закрепится за вами сразу.</p>
      <div className="ua-proposal__choices">
        {proposal.slots.map((slot) => (
          <button key={slot.event_id} type="button" className="ua-proposal__choice" disabled={busy} onClick={() => void answer(slot.event_id)}>
            <span className="ua-proposal__when">{slot.label}</span>
            <span className="ua-proposal__price">{proposalPriceText(slot)}</span>
          </button>
        ))}
      </div>
      {!refusing ? (
        <button type="button" className="ua-order__cancel" disabled={busy} onClick={() => setRefusing(true)}>
          Ни одно не подходит
        </button>
      ) : (
        <div className="ua-cancel">
          <p className="ua-cancel__refund">Заказ будет отменён, предоплата вернётся полностью.</p>
          <div className="ua-cancel__actions">
            <button type="button" className="ua-cancel__confirm" disabled={busy} onClick={() => void answer(null)}>
              {busy ? 'Отменяем…' : 'Отменить заказ'}
            </button>
            <button type="button" className="ua-cancel__keep" disabled={busy} onClick={() => setRefusing(false)}>
              Назад
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p className="ex-ui-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
