import { useId, useState, type FormEvent } from 'react';
import type { StaffReview } from '@excursio/shared';
import { ErrorNote, failureText, fieldErrors } from '@excursio/shared/ui';
import { Badge } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { reviewCalls } from './reviewCalls';

/** One review with its flags; hide or restore it with a reason its author is told, or dismiss the flags. */
export function ReviewCard({ review, onChanged }: { review: StaffReview; onChanged: (review: StaffReview) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const openFlags = review.flags.filter((f) => f.open);

  const act = async (call: () => Promise<{ data: StaffReview }>) => {
    setProblem(null);
    try {
      onChanged((await call()).data);
      setReason('');
    } catch (error) {
      setProblem(fieldErrors(error).reason ?? failureText(error));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Укажите причину: её получит автор отзыва.');
    void act(() => (review.hidden ? reviewCalls.restore(review.id, reason.trim()) : reviewCalls.hide(review.id, reason.trim())));
  };

  return (
    <article className="bo-card bo-review" aria-labelledby={`${id}-title`}>
      <h2 className="bo-review__title" id={`${id}-title`}>
        {review.author.name} о «{review.excursion.title}»
      </h2>
      <p className="bo-row bo-muted">
        <span>Оценка {review.rating} из 5</span>
        <span>· {formatDateTime(review.created_at)}</span>
        <span>· партнёр {review.partner.name}</span>
        {review.hidden ? <Badge tone="danger">Скрыт</Badge> : <Badge tone="ok">Опубликован</Badge>}
        {openFlags.length > 0 && <Badge tone="warn">{`Жалоб: ${openFlags.length}`}</Badge>}
      </p>
      <p className="bo-pre">{review.text}</p>
      {review.reply && <p className="bo-review__reply">Ответ партнёра: {review.reply}</p>}
      {review.hidden && (
        <p className="bo-muted">
          Скрыт {formatDateTime(review.hidden.at)} ({review.hidden.by?.name ?? 'сотрудник'}): {review.hidden.reason}
        </p>
      )}
      {openFlags.length > 0 && (
        <ul className="bo-list" aria-label="Жалобы партнёра">
          {openFlags.map((flag) => (
            <li key={flag.id}>
              {flag.partner.name}, {formatDateTime(flag.created_at)}: «{flag.reason}»
            </li>
          ))}
        </ul>
      )}
      <form className="bo-form" onSubmit={submit}>
        <div className="ex-ui-field">
          <label className="ex-ui-label" htmlFor={`${id}-reason`}>
            {review.hidden ? 'Причина вернуть отзыв' : 'Причина скрыть отзыв'} (её получит автор)
          </label>
          <input id={`${id}-reason`} className="ex-ui-input" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
        </div>
        <ErrorNote text={problem} />
        <div className="bo-row">
          <button type="submit" className={`ex-ui-button ${review.hidden ? '' : 'bo-button-danger'}`}>
            {review.hidden ? 'Вернуть отзыв' : 'Скрыть отзыв'}
          </button>
          {openFlags.length > 0 && !review.hidden && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void act(() => reviewCalls.dismissFlags(review.id))}>
              Жалоба необоснованна
            </button>
          )}
        </div>
      </form>
    </article>
  );
}
