import { Link } from '@excursio/shared/router';
import type { ReviewCard } from '@excursio/shared';
import { RatingStars } from './RatingStars';
import { formatDay } from './formatDay';
import './review-item.css';

interface ReviewItemProps {
  review: ReviewCard;
  /** Lists of several excursions name the excursion of each review. */
  showExcursion?: boolean;
}

/** One review: author, stars, date, text (as text) and the guide's answer. */
export function ReviewItem({ review, showExcursion = false }: ReviewItemProps) {
  const e = review.excursion;
  return (
    <article className="cat-review">
      <header className="cat-review__head">
        <span className="cat-review__author">{review.author_name}</span>
        <RatingStars value={review.rating} />
        <time className="cat-review__date" dateTime={review.created_at}>
          {formatDay(review.created_at)}
        </time>
      </header>
      {showExcursion && (
        <Link to={`/excursion/${e.region_slug}/${e.city_slug}/${e.slug}`} className="cat-review__excursion">
          {e.title}
        </Link>
      )}
      <p className="cat-review__text">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="cat-review__photos" aria-label={`Фото к отзыву: ${review.photos.length}`}>
          {review.photos.map((photo, i) => (
            <li key={photo.url}>
              <a href={photo.fallback_url} target="_blank" rel="noopener noreferrer" className="cat-review__photo">
                <img
                  src={photo.fallback_url}
                  srcSet={photo.srcset}
                  sizes="96px"
                  width={96}
                  height={Math.round((96 * photo.height) / photo.width)}
                  loading="lazy"
                  decoding="async"
                  alt={`Фото ${i + 1} из ${review.photos.length} от ${review.author_name}`}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="cat-review__reply">
          <span className="cat-review__reply-title">
            Ответ гида
            {review.replied_at && (
              <>
                {' · '}
                <time dateTime={review.replied_at}>{formatDay(review.replied_at)}</time>
              </>
            )}
          </span>
          <p className="cat-review__reply-text">{review.reply}</p>
        </div>
      )}
    </article>
  );
}

export function ReviewList({ reviews, showExcursion }: { reviews: readonly ReviewCard[]; showExcursion?: boolean }) {
  return (
    <ul className="cat-reviews">
      {reviews.map((r) => (
        <li key={r.id}>
          <ReviewItem review={r} showExcursion={showExcursion} />
        </li>
      ))}
    </ul>
  );
}
