import { Link } from '@excursio/shared/router';
import { apiUrl, formatPrice, type ExcursionCard } from '@excursio/shared';

const PRICE_FOR = { per_person: 'за человека', per_group: 'за группу' } as const;
const rating = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A saved excursion: photo, city, title, rating, price and «Убрать». */
export function FavoriteCard({ excursion, onRemove }: { excursion: ExcursionCard; onRemove: () => void }) {
  const to = `/excursion/${excursion.region.slug}/${excursion.city.slug}/${excursion.slug}`;
  return (
    <article className="ua-fav">
      <img className="ua-fav__photo" src={apiUrl(excursion.photo_url)} alt="" width={400} height={300} loading="lazy" decoding="async" />
      <div className="ua-fav__body">
        <span className="ua-fav__city">{excursion.city.name}</span>
        <Link to={to} className="ua-fav__title">
          {excursion.title}
        </Link>
        {excursion.rating > 0 && <span className="ua-fav__meta">★ {rating.format(excursion.rating)}</span>}
        <span className="ua-fav__price">
          <strong>{formatPrice(excursion.price)}</strong> {PRICE_FOR[excursion.price_type]}
        </span>
        <button type="button" className="ua-fav__remove" onClick={onRemove} aria-label={`Убрать из избранного: ${excursion.title}`}>
          Убрать
        </button>
      </div>
    </article>
  );
}
