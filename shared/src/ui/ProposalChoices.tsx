import { useEffect, useRef, useState } from 'react';
import type { ProposalSlot } from '@excursio/shared/contracts';
import { proposalPriceText } from '@excursio/shared';
import './proposal-choices.css';

export interface ProposalChoicesProps {
  slots: readonly ProposalSlot[];
  busy: boolean;
  /** A slot taken (its event id), or none fits (null, after a second tap). Resolves true when the answer went through. */
  onAnswer: (eventId: number | null) => Promise<boolean>;
}

/**
 * The guide's proposed times as the customer answers them (issue 32 §2), the same in the chat and on the order page:
 * one tap takes a time (the order moves at once), «Ни одно не подходит» asks once more, since it cancels the order with
 * the whole prepayment returned. Focus follows the question and comes back from «Назад».
 */
export function ProposalChoices({ slots, busy, onAnswer }: ProposalChoicesProps) {
  const [refusing, setRefusing] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const refuseRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (refusing) confirmRef.current?.focus();
    else if (asked.current) refuseRef.current?.focus();
  }, [refusing]);

  const answer = async (eventId: number | null) => {
    if (await onAnswer(eventId)) {
      asked.current = false;
      setRefusing(false);
    }
  };
  const ask = (open: boolean) => {
    asked.current = true;
    setRefusing(open);
  };

  return (
    <div className="ex-proposal">
      <div className="ex-proposal__choices">
        {slots.map((slot) => (
          <button key={slot.event_id} type="button" className="ex-proposal__choice" disabled={busy} onClick={() => void answer(slot.event_id)}>
            <span className="ex-proposal__when">{slot.label}</span>
            <span className="ex-proposal__price">{proposalPriceText(slot)}</span>
          </button>
        ))}
      </div>
      {!refusing ? (
        <button ref={refuseRef} type="button" className="ex-proposal__none" disabled={busy} onClick={() => ask(true)}>
          Ни одно не подходит
        </button>
      ) : (
        <div className="ex-proposal__confirm">
          <p className="ex-proposal__refund">Заказ будет отменён, предоплата вернётся полностью.</p>
          <div className="ex-proposal__actions">
            <button ref={confirmRef} type="button" className="ex-proposal__cancel" disabled={busy} onClick={() => void answer(null)}>
              {busy ? 'Отменяем…' : 'Отменить заказ'}
            </button>
            <button type="button" className="ex-proposal__back" disabled={busy} onClick={() => ask(false)}>
              Назад
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
