import { Link } from '@excursio/shared/router';
import { formatDate, type ReviewCard } from '@excursio/shared';
import { RatingStars } from './RatingStars';
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
          {formatDate(review.created_at)}
        </time>
      </header>
      {showExcursion && (
        <Link to={`/excursion/${e.region_slug}/${e.city_slug}/${e.slug}`} className="cat-review__excursion">
          {e.title}
        </Link>
      )}
      <p className="cat-review__text">{review.text}</p>
      {review.reply && (
        <div className="cat-review__reply">
          <span className="cat-review__reply-title">Ответ гида</span>
          <p>{review.reply}</p>
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
