import { observer } from 'mobx-react-lite';
import { bus, proposalPriceText, type ChatMessage } from '@excursio/shared';
import { ProposalChoices } from '@excursio/shared/ui';
import type { ChatStore } from './ChatStore';

type Proposal = NonNullable<ChatMessage['proposal']>;

const OVER: Record<Exclude<Proposal['status'], 'pending'>, string> = {
  accepted: 'Время выбрано: заказ перенесён.',
  refused: 'Ни одно время не подошло: заказ отменён, предоплата возвращается полностью.',
  expired: 'Срок ответа на предложение истёк.',
  withdrawn: 'Предложение больше не действует.',
};

/**
 * The guide's proposed times inside their chat message (issue 32 §2): the customer takes one with a tap, or says none
 * fits (a second tap confirms: the order is cancelled with a full refund). The guide sees the same list as text.
 */
export const ChatProposal = observer(function ChatProposal({ store, message }: { store: ChatStore; message: ChatMessage }) {
  const proposal = message.proposal!;
  const customer = store.me?.user_type === 'client';
  const busy = store.answering !== null;
  const error = store.proposalError?.messageId === message.id ? store.proposalError.text : null;

  const answer = async (eventId: number | null): Promise<boolean> => {
    const done = await store.answerProposal(message, eventId);
    if (!done) return false;
    bus.emit('order:changed', { order_id: message.order_id });
    const slot = proposal.slots.find((s) => s.event_id === eventId);
    bus.emit('toast:show', {
      type: 'info',
      message: slot ? `Вы выбрали ${slot.label}: заказ перенесён.` : 'Заказ отменён, предоплата вернётся полностью.',
    });
    return true;
  };

  if (proposal.status !== 'pending' || !customer) {
    return (
      <div className="nt-chat__proposal">
        <p className="nt-chat__proposal-title">Предложенное время</p>
        <ul className="nt-chat__proposal-list">
          {proposal.slots.map((s) => (
            <li key={s.event_id}>
              {s.label} — {proposalPriceText(s)}
            </li>
          ))}
        </ul>
        <p className="nt-chat__proposal-state">{proposal.status === 'pending' ? 'Ждём ответа путешественника.' : OVER[proposal.status]}</p>
      </div>
    );
  }

  return (
    <fieldset className="nt-chat__proposal">
      <legend className="nt-chat__proposal-title">Предложенное гидом время</legend>
      <p className="nt-chat__proposal-state">Выберите подходящее — заказ перенесётся сразу.</p>
      <ProposalChoices slots={proposal.slots} busy={busy} onAnswer={answer} />
      {error && (
        <p className="nt-chat__proposal-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
});
