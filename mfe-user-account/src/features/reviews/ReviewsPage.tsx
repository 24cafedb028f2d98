import { useState } from 'react';
import { Link, useSearchParams } from '@excursio/shared/router';
import { bus, formatDate, type MyReview, type ReviewInvitation } from '@excursio/shared';
import { formatEventShort } from '@excursio/shared/time';
import { LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { ReviewForm } from './ReviewForm';
import { reviewCalls } from './reviewCalls';
import './reviews.css';

const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

function Stars({ rating }: { rating: number }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- stars drawn with ★ glyphs, named as one picture; an <img> needs an image file
    <span className="ua-review__stars" role="img" aria-label={`Оценка: ${rating} из 5`}>
      {'★'.repeat(rating)}
      <span className="ua-review__stars-off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

function Invitation({ item, open, onOpen, onClose, onWritten }: {
  item: ReviewInvitation;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onWritten: (review: MyReview) => void;
}) {
  return (
    <li className="ex-ui-card ua-review">
      <p className="ua-review__head">
        <Link to={item.excursion.path} className="ex-ui-page__link ua-review__title">
          {item.excursion.title}
        </Link>
        <span className="ex-ui-hint">
          {formatEventShort(item.starts_at, item.time_zone)} · заказ №{item.order_id}
        </span>
      </p>
      {open ? (
        <ReviewForm
          label={`Отзыв об экскурсии «${item.excursion.title}»`}
          submitText="Опубликовать отзыв"
          onCancel={onClose}
          onSubmit={async (value) => onWritten((await reviewCalls.write({ order_id: item.order_id, ...value })).data)}
        />
      ) : (
        <button type="button" className="ex-ui-button" onClick={onOpen}>
          Написать отзыв
        </button>
      )}
    </li>
  );
}

function WrittenReview({ review, onChanged }: { review: MyReview; onChanged: (review: MyReview) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="ex-ui-card ua-review">
      <p className="ua-review__head">
        <Link to={review.excursion.path} className="ex-ui-page__link ua-review__title">
          {review.excursion.title}
        </Link>
        <span className="ex-ui-hint">{day(review.created_at)}</span>
      </p>
      {editing ? (
        <ReviewForm
          label={`Изменить отзыв об экскурсии «${review.excursion.title}»`}
          initial={review}
          submitText="Сохранить"
          onCancel={() => setEditing(false)}
          onSubmit={async (value) => {
            onChanged((await reviewCalls.edit(review.id, value)).data);
            setEditing(false);
            bus.emit('toast:show', { type: 'info', message: 'Отзыв изменён' });
          }}
        />
      ) : (
        <>
          <Stars rating={review.rating} />
          <p className="ua-review__text">{review.text}</p>
          {review.photos.length > 0 && (
            <ul className="ua-photos__list" aria-label={`Фото к отзыву: ${review.photos.length}`}>
              {review.photos.map((photo, i) => (
                <li key={photo.id} className="ua-photos__item">
                  <img src={photo.fallback_url} srcSet={photo.srcset} sizes="96px" alt={`Фото ${i + 1}`} width={96} height={72} loading="lazy" />
                </li>
              ))}
            </ul>
          )}
          {review.editable_until && (
            <p className="ua-review__edit">
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(true)}>
                Изменить
              </button>
              <span className="ex-ui-hint">можно до {day(review.editable_until)}</span>
            </p>
          )}
        </>
      )}
      {review.reply && (
        <div className="ua-review__reply">
          <p className="ua-review__reply-head">
            Ответ гида{review.replied_at ? ` · ${day(review.replied_at)}` : ''}
          </p>
          <p className="ua-review__text">{review.reply}</p>
        </div>
      )}
    </li>
  );
}

/** /account/user/reviews (account-sub layout): the trips awaiting a review («Оцените экскурсию») and my reviews. */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('order')) || null;
  const [openOrder, setOpenOrder] = useState<number | null>(asked);
  const loaded = useLoad('reviews', async () => (await reviewCalls.list()).data);
  const data = loaded.data;

  const written = (review: MyReview) => {
    if (!data) return;
    loaded.set({ reviews: [review, ...data.reviews], awaiting: data.awaiting.filter((a) => a.order_id !== review.order_id) });
    setOpenOrder(null);
    if (asked) setParams({}, { replace: true });
    bus.emit('toast:show', { type: 'info', message: 'Спасибо! Отзыв опубликован' });
  };
  const changed = (review: MyReview) => data && loaded.set({ ...data, reviews: data.reviews.map((r) => (r.id === review.id ? review : r)) });

  return (
    <AccountPage heading="Отзывы">
      {loaded.error && !data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !data ? (
        <Skeleton lines={2} height={96} />
      ) : (
        <>
          {data.awaiting.length > 0 && (
            <section aria-labelledby="ua-reviews-awaiting" className="ua-reviews__section">
              <h2 id="ua-reviews-awaiting" className="ua-reviews__subtitle">
                Оцените экскурсию
              </h2>
              <ul className="ua-reviews__list">
                {data.awaiting.map((item) => (
                  <Invitation
                    key={item.order_id}
                    item={item}
                    open={openOrder === item.order_id}
                    onOpen={() => setOpenOrder(item.order_id)}
                    onClose={() => setOpenOrder(null)}
                    onWritten={written}
                  />
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="ua-reviews-mine" className="ua-reviews__section">
            <h2 id="ua-reviews-mine" className="ua-reviews__subtitle">
              Мои отзывы
            </h2>
            {data.reviews.length === 0 ? (
              <EmptyState>Вы ещё не оставляли отзывов. После каждой экскурсии мы пригласим вас её оценить.</EmptyState>
            ) : (
              <ul className="ua-reviews__list">
                {data.reviews.map((review) => (
                  <WrittenReview key={review.id} review={review} onChanged={changed} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </AccountPage>
  );
}
