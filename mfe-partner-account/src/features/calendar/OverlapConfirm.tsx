import { useEffect, useId, useRef } from 'react';
import { ApiError } from '@excursio/shared';
import './overlap.css';

/** The api's warning that a new slot runs at the time of another slot of the same guide (409 `allow_overlap`). */
export function overlapOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const found = failure.errors.allow_overlap;
  return Array.isArray(found) && typeof found[0] === 'string' ? found[0] : null;
}

interface OverlapConfirmProps {
  /** «Пересекается со слотом 10:30–12:30 «…» — всё равно добавить?» */
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onChangeTime: () => void;
}

/** Asks before a slot is added beside another of the same guide: add anyway, or go back to the time. */
export function OverlapConfirm({ message, busy, onConfirm, onChangeTime }: OverlapConfirmProps) {
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  // the question takes the focus, so a keyboard or screen reader user answers it at once
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="pa-cal__overlap" role="alertdialog" aria-modal="false" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <p id={`${id}-title`} className="pa-cal__overlap-title">
        Гид в это время занят
      </p>
      <p id={`${id}-text`} className="pa-cal__overlap-text">
        {message}
      </p>
      <div className="pa-cal__overlap-actions">
        <button ref={confirm} type="button" className="ex-ui-button" disabled={busy} onClick={onConfirm}>
          Всё равно добавить
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={onChangeTime}>
          Изменить время
        </button>
      </div>
    </div>
  );
}
