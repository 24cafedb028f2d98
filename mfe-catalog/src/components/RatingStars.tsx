import { pluralRu } from '@excursio/shared';
import './rating.css';

export const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;

const oneDecimal = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatRating(value: number): string {
  return oneDecimal.format(value);
}

interface RatingStarsProps {
  /** 0…5; 0 means «no rating yet». */
  value: number;
  /** Number of reviews, shown after the stars when given. */
  count?: number;
  size?: 'sm' | 'md';
}

/** Five stars filled to the rating, the rating in figures and the number of reviews. */
export function RatingStars({ value, count, size = 'sm' }: RatingStarsProps) {
  const clamped = Math.max(0, Math.min(5, value));
  if (clamped === 0 && !count) {
    return <span className={`cat-rating cat-rating--${size} cat-rating--none`}>Новая экскурсия</span>;
  }
  const label = `Рейтинг ${formatRating(clamped)} из 5`;
  return (
    <span className={`cat-rating cat-rating--${size}`}>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- stars drawn by CSS, named as one picture; an <img> needs an image file */}
      <span className="cat-rating__stars" role="img" aria-label={label}>
        <span className="cat-rating__fill" style={{ width: `${(clamped / 5) * 100}%` }} />
      </span>
      <span className="cat-rating__value" aria-hidden="true">
        {formatRating(clamped)}
      </span>
      {count !== undefined && <span className="cat-rating__count">{pluralRu(count, REVIEW_FORMS)}</span>}
    </span>
  );
}
