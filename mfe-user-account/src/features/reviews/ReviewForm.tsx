import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, type MyReview, type UploadedImage } from '@excursio/shared/contracts';
import { PhotoPicker } from './PhotoPicker';
import { Field, failureText, fieldErrors, useAction } from '@excursio/shared/ui';

const RATING_WORDS = ['', 'плохо', 'так себе', 'нормально', 'хорошо', 'отлично'];

interface ReviewFormProps {
  /** What is being reviewed (the form's accessible name). */
  label: string;
  initial?: Pick<MyReview, 'rating' | 'text' | 'photos'>;
  submitText: string;
  onSubmit: (value: { rating: number; text: string; photo_ids: number[] }) => Promise<void>;
  onCancel: () => void;
}

/** Stars (a radio group: arrow keys move between them) and the text of a review, checked before it is sent. */
export function ReviewForm({ label, initial, submitText, onSubmit, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [photos, setPhotos] = useState<UploadedImage[]>(initial?.photos ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { busy: sending, run } = useAction();
  const name = useId();
  const ratingError = `${name}-rating-error`;
  const firstStar = useRef<HTMLInputElement>(null);
  useEffect(() => firstStar.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (rating < 1) found.rating = 'Поставьте оценку от 1 до 5 звёзд.';
    const trimmed = text.trim();
    if (!trimmed) found.text = 'Напишите отзыв.';
    else if (trimmed.length < REVIEW_TEXT_MIN) found.text = `Отзыв слишком короткий: хотя бы ${REVIEW_TEXT_MIN} символов.`;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    await run(() => onSubmit({ rating, text: trimmed, photo_ids: photos.map((p) => p.id) }), {
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(failureText(error));
      },
    });
  };

  return (
    <form className="ua-review-form" onSubmit={submit} noValidate aria-label={label}>
      {failure && (
        <p className="ex-ui-alert" role="alert">
          {failure}
        </p>
      )}
      <fieldset className="ua-stars" aria-describedby={errors.rating ? ratingError : undefined}>
        <legend className="ex-ui-label">Оценка</legend>
        <div className="ua-stars__row">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={`ua-stars__star${value <= rating ? ' ua-stars__star--on' : ''}`}>
              <input
                ref={value === (rating || 1) ? firstStar : undefined}
                type="radio"
                name={name}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="ua-stars__input"
              />
              <span aria-hidden="true">★</span>
              <span className="ex-ui-sr">{`${value} из 5 — ${RATING_WORDS[value]}`}</span>
            </label>
          ))}
          {rating > 0 && <span className="ua-stars__word">{RATING_WORDS[rating]}</span>}
        </div>
        {errors.rating && (
          <p id={ratingError} className="ex-ui-error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <Field label="Отзыв" error={errors.text} hint="Что понравилось, что стоит знать другим путешественникам">
        {(props) => (
          <textarea {...props} className="ex-ui-textarea" rows={5} maxLength={REVIEW_TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </Field>
      <PhotoPicker photos={photos} onChange={setPhotos} error={errors.photo_ids} />
      <div className="ua-review-form__actions">
        <button type="submit" className="ex-ui-button" disabled={sending}>
          {sending ? 'Отправляем…' : submitText}
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}
