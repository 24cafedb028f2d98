import { Link } from 'react-router';
import { apiUrl, pluralRu, type CityCard } from '@excursio/shared';
import { EXCURSION_FORMS } from '../directory/cityDirectory';

/** Intrinsic size of the 4:3 photo box; the image never shifts the layout. */
const PHOTO_WIDTH = 400;
const PHOTO_HEIGHT = 300;

export function CityTile({ city }: { city: CityCard }) {
  return (
    <Link to={`/excursion/${city.region_slug}/${city.slug}`} className="cat-city">
      <span className="cat-city__photo">
        <img
          className="cat-city__img"
          src={apiUrl(city.photo_url)}
          alt={city.name}
          width={PHOTO_WIDTH}
          height={PHOTO_HEIGHT}
          loading="lazy"
          decoding="async"
        />
      </span>
      <span className="cat-city__body">
        <span className="cat-city__name">{city.name}</span>
        <span className="cat-city__region">{city.region_name}</span>
        <span className="cat-city__count">{pluralRu(city.excursions_count, EXCURSION_FORMS)}</span>
      </span>
    </Link>
  );
}

/** The same box as a tile, shown while the cities load. */
export function CitySkeleton() {
  return (
    <span className="cat-city cat-city--skeleton" aria-hidden="true">
      <span className="cat-city__photo" />
      <span className="cat-city__body">
        <span className="cat-city__line cat-city__line--name" />
        <span className="cat-city__line" />
        <span className="cat-city__line" />
      </span>
    </span>
  );
}
