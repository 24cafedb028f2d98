import { useState, type FormEvent } from 'react';
import { Link } from '@excursio/shared/router';
import { bus, formatDate, pluralRu, type PartnerReview, type PartnerReviewsQuery } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { Field, fieldErrors, failureText, LoadError, Pager, Skeleton, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { reviewsCalls } from '../../calls/reviewsCalls';
import { ReviewFlag } from './ReviewFlag';
import './reviews.css';

const REPLY_MAX = 2000;

interface Filters {
  excursion_id: string;
  rating: string;
  date_from: string;
  date_to: string;
  unanswered: boolean;
}

const NO_FILTERS: Filters = { excursion_id: '', rating: '', date_from: '', date_to: '', unanswered: false };

function toQuery(filters: Filters, page: number): PartnerReviewsQuery {
  return {
    page,
    ...(filters.excursion_id ? { excursion_id: Number(filters.excursion_id) } : {}),
    ...(filters.rating ? { rating: Number(filters.rating) } : {}),
    ...(filters.date_from ? { date_from: filters.date_from } : {}),
    ...(filters.date_to ? { date_to: filters.date_to } : {}),
    ...(filters.unanswered ? { unanswered: true } : {}),
  };
}

function Stars({ rating }: { rating: number }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- stars drawn with ★ glyphs, named as one picture; an <img> needs an image file
    <span className="pa-reviews__stars" role="img" aria-label={`Оценка ${rating} из 5`}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span aria-hidden="true" className="pa-reviews__stars-off">
        {'★'.repeat(5 - rating)}
      </span>
    </span>
  );
}

/** The public reply of one review: shown, or written/edited in place. */
function Reply({ review, onSaved }: { review: PartnerReview; onSaved: (review: PartnerReview) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply ?? '');
  const [error, setError] = useState<string | undefined>();
  const { busy: saving, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError('Напишите ответ.');
    if (trimmed.length > REPLY_MAX) return setError(`Ответ длиннее ${REPLY_MAX} символов.`);
    setError(undefined);
    await run(
      async () => {
        const saved = (await reviewsCalls.reply(review.id, trimmed)).data;
        onSaved(saved);
        setEditing(false);
        bus.emit('toast:show', { type: 'info', message: 'Ответ опубликован' });
      },
      { onError: (failure) => setError(fieldErrors(failure).text ?? failureText(failure)) },
    );
  };

  if (!editing && review.reply === null) {
    return (
      <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(true)}>
        Ответить
      </button>
    );
  }
  if (!editing && review.reply !== null) {
    return (
      <div className="pa-reviews__reply">
        <p className="pa-reviews__reply-head">
          Ваш ответ{review.replied_at ? ` · ${formatDate(review.replied_at)}` : ''}
        </p>
        <p className="pa-reviews__text">{review.reply}</p>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(true)}>
          Изменить ответ
        </button>
      </div>
    );
  }
  return (
    <form className="pa-reviews__reply-form" onSubmit={submit} noValidate>
      <Field
        label={review.reply === null ? `Ответ на отзыв ${review.author_name}` : 'Изменить ответ'}
        hint="Ответ увидят все в каталоге. Без телефонов, e-mail и ссылок."
        error={error}
      >
        {(props) => (
          <textarea
            {...props}
            autoFocus
            className="ex-ui-textarea"
            value={text}
            maxLength={REPLY_MAX + 100}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <div className="pa-reviews__actions">
        <button type="submit" className="ex-ui-button" disabled={saving}>
          {saving ? 'Публикуем…' : 'Опубликовать ответ'}
        </button>
        <button
          type="button"
          className="ex-ui-button ex-ui-button--secondary"
          onClick={() => {
            setText(review.reply ?? '');
            setError(undefined);
            setEditing(false);
          }}
        >
          Отмена
        </button>
      </div>
    </form>
  );
}

/** /account/partner/reviews — reviews of my excursions with filters, and one public reply each. */
export function ReviewsPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = toQuery(filters, page);
  const loaded = useLoad(JSON.stringify(query), async () => (await reviewsCalls.reviews(query)).data);
  const data = loaded.data;
  const dateError = draft.date_from && draft.date_to && draft.date_from > draft.date_to ? 'Дата «по» раньше даты «с».' : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (dateError) return;
    setFilters(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const replace = (review: PartnerReview) => {
    if (!data) return;
    loaded.set({
      ...data,
      reviews: { ...data.reviews, data: data.reviews.data.map((r) => (r.id === review.id ? review : r)) },
      summary: { ...data.summary, unanswered: data.reviews.data.some((r) => r.id === review.id && r.reply === null) ? data.summary.unanswered - 1 : data.summary.unanswered },
    });
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <AccountPage heading="Отзывы">
      {data && data.summary.total > 0 && (
        <p className="pa-reviews__summary">
          {pluralRu(data.summary.total, ['отзыв', 'отзыва', 'отзывов'])}, средняя оценка{' '}
          {data.summary.rating.toLocaleString('ru-RU', { maximumFractionDigits: 2 })}
          {data.summary.unanswered > 0 && <> · без ответа: {data.summary.unanswered}</>}
        </p>
      )}
      <form className="pa-reviews__filters ex-ui-card" onSubmit={apply} aria-label="Фильтры отзывов">
        <Field label="Экскурсия">
          {(props) => (
            <select {...props} className="ex-ui-select" value={draft.excursion_id} onChange={(e) => setDraft({ ...draft, excursion_id: e.target.value })}>
              <option value="">Все экскурсии</option>
              {data?.excursions.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Оценка">
          {(props) => (
            <select {...props} className="ex-ui-select" value={draft.rating} onChange={(e) => setDraft({ ...draft, rating: e.target.value })}>
              <option value="">Любая</option>
              {[5, 4, 3, 2, 1].map((r) => (
                <option key={r} value={r}>
                  {r} {pluralRu(r, ['звезда', 'звезды', 'звёзд'], false)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="С даты">
          {(props) => <input {...props} type="date" className="ex-ui-input" value={draft.date_from} onChange={(e) => setDraft({ ...draft, date_from: e.target.value })} />}
        </Field>
        <Field label="По дату" error={dateError}>
          {(props) => <input {...props} type="date" className="ex-ui-input" value={draft.date_to} onChange={(e) => setDraft({ ...draft, date_to: e.target.value })} />}
        </Field>
        <label className="pa-reviews__check">
          <input type="checkbox" checked={draft.unanswered} onChange={(e) => setDraft({ ...draft, unanswered: e.target.checked })} />
          Только без ответа
        </label>
        <div className="pa-reviews__actions">
          <button type="submit" className="ex-ui-button">
            Показать
          </button>
          {filtered && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={reset}>
              Сбросить
            </button>
          )}
        </div>
      </form>

      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.loading && !data ? (
        <Skeleton lines={3} height={140} />
      ) : data && data.reviews.data.length === 0 ? (
        <EmptyState>
          {filtered ? 'Нет отзывов с такими условиями. Измените фильтры.' : 'Отзывов пока нет. Они появятся после первых экскурсий.'}
        </EmptyState>
      ) : (
        data && (
          <>
            <ul className="pa-reviews__list" aria-busy={loaded.loading}>
              {data.reviews.data.map((review) => (
                <li key={review.id} className="ex-ui-card pa-reviews__item">
                  <article aria-labelledby={`pa-review-${review.id}`}>
                    <header className="pa-reviews__head">
                      <h2 id={`pa-review-${review.id}`} className="pa-reviews__author">
                        {review.author_name}
                      </h2>
                      <Stars rating={review.rating} />
                      <time dateTime={review.created_at} className="pa-reviews__date">
                        {formatDate(review.created_at)}
                      </time>
                    </header>
                    <p className="pa-reviews__excursion">
                      <Link to={review.excursion.path} className="ex-ui-page__link">
                        {review.excursion.title}
                      </Link>
                      {review.order_id !== null && (
                        <>
                          {' · '}
                          <Link to={`/account/partner/order/${review.order_id}`} className="ex-ui-page__link">
                            заказ №{review.order_id}
                          </Link>
                        </>
                      )}
                    </p>
                    <p className="pa-reviews__text">{review.text}</p>
                    <Reply review={review} onSaved={replace} />
                    <ReviewFlag review={review} />
                  </article>
                </li>
              ))}
            </ul>
            <Pager page={data.reviews.current_page} lastPage={data.reviews.last_page} onPage={setPage} />
          </>
        )
      )}
    </AccountPage>
  );
}
