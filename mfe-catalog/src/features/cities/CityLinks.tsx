import { Link } from '@excursio/shared/router';
import { pluralRu, type CityCard } from '@excursio/shared';
import { EXCURSION_FORMS } from '../../components/excursionText';
import './directory.css';

/** Links to city pages with their excursion counts, sorted by name. */
export function CityLinks({ cities }: { cities: readonly CityCard[] }) {
  if (cities.length === 0) return null;
  const sorted = [...cities].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return (
    <ul className="cat-dir__cities">
      {sorted.map((c) => (
        <li key={c.id} className="cat-dir__city">
          <Link to={`/excursion/${c.region_slug}/${c.slug}`} className="cat-dir__link">
            {c.name}
          </Link>
          <span className="cat-dir__count">{pluralRu(c.excursions_count, EXCURSION_FORMS)}</span>
        </li>
      ))}
    </ul>
  );
}
