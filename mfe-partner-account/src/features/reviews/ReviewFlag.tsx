import { useState, type FormEvent } from 'react';
import { bus, type PartnerReview } from '@excursio/shared';
import { Field, fieldErrors, failureText } from '../../components/ui';
import { reviewsCalls } from '../../calls/reviewsCalls';

const REASON_MAX = 1000;

/** «Пожаловаться»: the partner tells the service's moderators what is wrong with a review (they may hide it). */
export function ReviewFlag({ review }: { review: PartnerReview }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError('Опишите, что не так с отзывом.');
    if (trimmed.length > REASON_MAX) return setError(`Не длиннее ${REASON_MAX} символов.`);
    setSaving(true);
    setError(undefined);
    try {
      await reviewsCalls.flag(review.id, trimmed);
      setSent(true);
      setOpen(false);
      bus.emit('toast:show', { type: 'info', message: 'Жалоба отправлена: модератор рассмотрит её и сообщит решение' });
    } catch (failure) {
      setError(fieldErrors(failure).reason ?? failureText(failure));
    } finally {
      setSaving(false);
    }
  };

  if (!open) {
    return (
      <p className="pa-reviews__flag">
        {sent && <span className="pa-reviews__flag-sent">Жалоба на рассмотрении. </span>}
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setOpen(true)}>
          {sent ? 'Изменить жалобу' : 'Пожаловаться'}
        </button>
      </p>
    );
  }
  return (
    <form className="pa-reviews__reply-form" onSubmit={submit} noValidate aria-label={`Жалоба на отзыв ${review.author_name}`}>
      <Field label="Что не так с отзывом" hint="Например: оскорбления, не об этой экскурсии, неправда о заказе. Модератор увидит причину." error={error}>
        {(props) => (
          <textarea {...props} autoFocus className="ex-ui-textarea" value={reason} maxLength={REASON_MAX + 100} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <div className="pa-reviews__actions">
        <button type="submit" className="ex-ui-button" disabled={saving}>
          {saving ? 'Отправляем…' : 'Отправить жалобу'}
        </button>
        <button
          type="button"
          className="ex-ui-button ex-ui-button--secondary"
          onClick={() => {
            setError(undefined);
            setOpen(false);
          }}
        >
          Отмена
        </button>
      </div>
    </form>
  );
}
