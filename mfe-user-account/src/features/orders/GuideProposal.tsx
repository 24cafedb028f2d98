import { useState } from 'react';
import { bus, type OrderDetail } from '@excursio/shared';
import { failureText, ProposalChoices, useAction } from '@excursio/shared/ui';
import { orderCalls } from '../../calls/orderCalls';
import { orderMoment } from '../../lib/orderTime';

/**
 * The guide proposes other times (issue 32 §2): each is one tap that moves the order (the seats are re-checked then),
 * or «Ни одно не подходит», which cancels the order with the whole prepayment returned (a second tap confirms).
 */
export function GuideProposal({ order, onChanged }: { order: OrderDetail; onChanged: (order: OrderDetail) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useAction();
  const proposal = order.proposal;
  if (!proposal) return null;

  const answer = async (eventId: number | null): Promise<boolean> => {
    let done = false;
    await run(
      async () => {
        setProblem(null);
        const updated = (eventId === null ? await orderCalls.refuseProposal(order.id) : await orderCalls.acceptProposal(order.id, eventId)).data;
        done = true;
        onChanged(updated);
        // the chat re-reads the proposal it carries
        bus.emit('order:changed', { order_id: order.id });
        bus.emit('toast:show', {
          type: 'info',
          message: eventId === null ? 'Заказ отменён, предоплата вернётся полностью.' : `Заказ перенесён на ${orderMoment(updated, updated.event.starts_at)}`,
        });
      },
      { onError: (error) => setProblem(failureText(error)) },
    );
    return done;
  };

  return (
    <section className="ua-proposal" aria-labelledby="ua-proposal-title">
      <h2 id="ua-proposal-title" className="ua-order__subtitle">
        Гид предлагает другое время
      </h2>
      <p className="ua-proposal__message">{proposal.message}</p>
      <p className="ua-order__hint">Ответьте до {orderMoment(order, proposal.expires_at)}. Выбранное время закрепится за вами сразу.</p>
      <ProposalChoices slots={proposal.slots} busy={busy} onAnswer={answer} />
      {problem && (
        <p className="ex-ui-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
