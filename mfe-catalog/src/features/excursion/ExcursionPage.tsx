import { Link, useLoaderData } from '@excursio/shared/router';
import { formatPrice } from '@excursio/shared';
import { Gallery } from '../../components/Gallery';
import { GuideTile } from '../../components/GuideTile';
import { PlaceTile, TileGrid } from '../../components/PlaceTile';
import { RatingStars } from '../../components/RatingStars';
import { ReviewList } from '../../components/ReviewItem';
import { PRICE_TYPE_LABEL } from '../../components/excursionText';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB, useSiteOrigin } from '../../layout/CatalogPage';
import { useLiveEvents } from '../../lib/useLiveEvents';
import { BookingCard } from './BookingCard';
import { ExcursionFacts, LineList } from './ExcursionFacts';
import type { ExcursionData } from '../../lib/excursionLoader';
import { useViewBeacon } from './viewBeacon';
import './excursion.css';

const absolute = (origin: string, path: string) => (/^https?:/.test(path) ? path : `${origin}${path}`);

/** schema.org: the excursion as a tourist trip and a product, with its offer (the base price) and rating. */
export function tripData(excursion: ExcursionData['excursion'], origin: string, description: string) {
  const { city, region } = excursion;
  const url = `${origin}/excursion/${region.slug}/${city.slug}/${excursion.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': ['TouristTrip', 'Product'],
    name: excursion.title,
    description,
    url,
    image: excursion.photos.map((photo) => absolute(origin, photo)),
    touristType: excursion.tags.map((tag) => tag.name),
    ...(excursion.guide ? { provider: { '@type': 'Person', name: excursion.guide.name } } : {}),
    offers: {
      '@type': 'Offer',
      price: excursion.price,
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
      url,
    },
    ...(excursion.reviews_count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: excursion.rating, reviewCount: excursion.reviews_count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/** /excursion/:region/:city/:excursionSlug — everything about the excursion, and its dates. */
export function ExcursionPage() {
  const data = useLoaderData() as ExcursionData;
  const { excursion } = data;
  const events = useLiveEvents(excursion.id, data.events);
  const { city, region } = excursion;
  useViewBeacon(excursion.id);
  const reviewsPath = `/excursion/reviews/${region.slug}/${city.slug}/${excursion.slug}`;
  const origin = useSiteOrigin();
  const description = excursion.description.slice(0, 300) || `Экскурсия «${excursion.title}»: ${city.name}.`;
  return (
    <CatalogPage
      heading={excursion.title}
      description={description}
      image={excursion.photos[0]}
      structuredData={tripData(excursion, origin, description)}
      crumbs={[
        HOME_CRUMB,
        EXCURSIONS_CRUMB,
        { label: region.name, to: `/excursion/${region.slug}` },
        { label: city.name, to: `/excursion/${region.slug}/${city.slug}` },
      ]}
    >
      <div className="cat-ex__summary">
        <a href="#reviews" className="cat-ex__rating">
          <RatingStars value={excursion.rating} count={excursion.reviews_count} size="md" />
        </a>
        <span>{city.name}</span>
        {excursion.tags.map((tag) => (
          <Link key={tag.slug} to={`/excursion/${region.slug}/${city.slug}/tags/${tag.slug}`} className="cat-ex__tag">
            {tag.name}
          </Link>
        ))}
      </div>
      <div className="cat-ex">
        <div className="cat-ex__main">
          <Gallery photos={excursion.photos} title={excursion.title} />
          <ExcursionFacts excursion={excursion} />
          <section className="cat-ex__block" aria-labelledby="cat-ex-about">
            <h2 id="cat-ex-about">Об экскурсии</h2>
            <p className="cat-ex__description">{excursion.description}</p>
            <LineList title="Программа" lines={excursion.programme} ordered />
            <div className="cat-ex__columns">
              <LineList title="Включено" lines={excursion.included} mark="yes" />
              <LineList title="Не включено" lines={excursion.excluded} mark="no" />
            </div>
          </section>
          <section className="cat-ex__block" aria-labelledby="cat-ex-terms">
            <h2 id="cat-ex-terms">Условия отмены</h2>
            <p className="cat-ex__description">{excursion.cancellation_terms}</p>
            <p className="cat-ex__note">
              Предоплата возвращается по <Link to="/docs/vozvrat">правилам возврата</Link>: полностью при отмене за 24 часа и раньше.
            </p>
          </section>
          {excursion.guide && (
            <section className="cat-ex__block" aria-labelledby="cat-ex-guide">
              <h2 id="cat-ex-guide">Гид</h2>
              <div className="cat-ex__guide">
                <GuideTile guide={excursion.guide} />
              </div>
            </section>
          )}
          {excursion.sights.length > 0 && (
            <section className="cat-ex__block" aria-labelledby="cat-ex-sights">
              <h2 id="cat-ex-sights">Что вы увидите</h2>
              <TileGrid>
                {excursion.sights.map((sight) => (
                  <li key={sight.id}>
                    <PlaceTile to={`/excursion/sight/${sight.slug}`} photo={sight.photo_url} name={sight.name} notes={[sight.city.name]} />
                  </li>
                ))}
              </TileGrid>
            </section>
          )}
          <section id="reviews" className="cat-ex__block" aria-labelledby="cat-ex-reviews">
            <h2 id="cat-ex-reviews">Отзывы</h2>
            {excursion.reviews.length > 0 ? (
              <>
                <ReviewList reviews={excursion.reviews} />
                {excursion.reviews_count > excursion.reviews.length && (
                  <Link to={reviewsPath} className="cat-ex__more">
                    Все отзывы ({excursion.reviews_count})
                  </Link>
                )}
              </>
            ) : (
              <p className="cat-page__muted">Отзывов пока нет — станьте первым.</p>
            )}
          </section>
        </div>
        <aside className="cat-ex__aside">
          <BookingCard excursion={excursion} events={events} />
        </aside>
      </div>
      <div className="cat-ex__bar">
        <span>
          <strong>{formatPrice(excursion.price)}</strong> {PRICE_TYPE_LABEL[excursion.price_type]}
        </span>
        <a href="#booking" className="cat-ex__bar-btn">
          Выбрать дату
        </a>
      </div>
    </CatalogPage>
  );
}
