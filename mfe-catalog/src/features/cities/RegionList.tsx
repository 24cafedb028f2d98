import { Link } from '@excursio/shared/router';
import type { CityCard } from '@excursio/shared';
import { CityLinks } from './CityLinks';
import { groupByRegion } from './groupByRegion';
import './directory.css';

/** Cities grouped under their region headings (each heading links to the region page). */
export function RegionList({ cities }: { cities: readonly CityCard[] }) {
  const groups = groupByRegion(cities);
  if (groups.length === 0) return null;
  return (
    <div className="cat-dir__regions">
      {groups.map((g) => (
        <section key={g.slug} className="cat-dir__region" aria-labelledby={`cat-region-${g.slug}`}>
          <h2 id={`cat-region-${g.slug}`} className="cat-dir__region-title">
            <Link to={`/excursion/${g.slug}`} className="cat-dir__link">
              {g.name}
            </Link>
          </h2>
          <CityLinks cities={g.cities} />
        </section>
      ))}
    </div>
  );
}
