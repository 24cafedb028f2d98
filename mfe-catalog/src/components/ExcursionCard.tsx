import { Link } from '@excursio/shared/router';
import { formatPrice, type ExcursionCard as ExcursionCardData, type SearchHit } from '@excursio/shared';
import { FavoriteButton } from './FavoriteButton';
import { Marked } from './Marked';
import { Photo } from './Photo';
import { RatingStars } from './RatingStars';
import { excursionPath, formatDuration, FORMAT_LABEL, PRICE_TYPE_LABEL } from './excursionText';
import './excursion-card.css';

/** A search hit carries its title (and a fragment of its description) with the searched words marked. */
const isHit = (excursion: ExcursionCardData | SearchHit): excursion is SearchHit => 'title_parts' in excursion;

/** An excursion in a list: photo with the heart, city, title, rating, duration, format and price. */
export function ExcursionCard({ excursion }: { excursion: ExcursionCardData | SearchHit }) {
  const href = excursionPath(excursion);
  const hit = isHit(excursion) ? excursion : null;
  return (
    <article className="cat-card">
      <div className="cat-card__media">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <Photo src={excursion.photo_url} alt="" ratio="4/3" />
        </Link>
        <span className="cat-card__fav">
          <FavoriteButton excursionId={excursion.id} title={excursion.title} />
        </span>
        {excursion.instant_booking && <span className="cat-card__badge">Мгновенное бронирование</span>}
      </div>
      <div className="cat-card__body">
        <span className="cat-card__place">
          {excursion.city.name} · {FORMAT_LABEL[excursion.format]}
        </span>
        <h3 className="cat-card__title">
          <Link to={href} className="cat-card__link">
            {hit ? <Marked parts={hit.title_parts} /> : excursion.title}
          </Link>
        </h3>
        {hit && hit.snippet_parts.length > 0 && (
          <p className="cat-card__snippet">
            <Marked parts={hit.snippet_parts} />
          </p>
        )}
        <RatingStars value={excursion.rating} count={excursion.reviews_count} />
        <span className="cat-card__meta">{formatDuration(excursion.duration_minutes)}</span>
        <p className="cat-card__price">
          <strong>{formatPrice(excursion.price)}</strong> <span>{PRICE_TYPE_LABEL[excursion.price_type]}</span>
        </p>
      </div>
    </article>
  );
}

/** A grid of excursion cards. */
export function ExcursionGrid({ excursions, label }: { excursions: readonly (ExcursionCardData | SearchHit)[]; label?: string }) {
  return (
    <ul className="cat-grid" aria-label={label}>
      {excursions.map((e) => (
        <li key={e.id} className="cat-grid__item">
          <ExcursionCard excursion={e} />
        </li>
      ))}
    </ul>
  );
}
