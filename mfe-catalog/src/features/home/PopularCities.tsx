import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, type CityCard } from '@excursio/shared';
import { CitySkeleton, CityTile } from './CityTile';

/** Spec §9: the index shows at most 10 cities. */
export const POPULAR_CITIES_LIMIT = 10;

type State = { status: 'loading' } | { status: 'ready'; cities: CityCard[] } | { status: 'hidden' };

/** «Популярные города»: a failed call (or an empty list) hides the section, without a word (spec §8). */
export function PopularCities() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    api
      .cities(POPULAR_CITIES_LIMIT)
      .then((res) => {
        const cities = res.data.data;
        if (alive) setState(cities.length > 0 ? { status: 'ready', cities } : { status: 'hidden' });
      })
      .catch(() => {
        if (alive) setState({ status: 'hidden' });
      });
    return () => {
      alive = false;
    };
  }, []);

  if (state.status === 'hidden') return null;
  return (
    <section className="cat-popular" aria-labelledby="cat-popular-title" aria-busy={state.status === 'loading'}>
      <div className="cat-popular__head">
        <h2 id="cat-popular-title" className="cat-popular__title">
          Популярные города
        </h2>
        <Link to="/excursion/cities" className="cat-popular__all">
          Все города
        </Link>
      </div>
      <ul className="cat-popular__grid">
        {state.status === 'loading'
          ? Array.from({ length: POPULAR_CITIES_LIMIT }, (_, i) => (
              <li key={i}>
                <CitySkeleton />
              </li>
            ))
          : state.cities.map((city) => (
              <li key={city.id}>
                <CityTile city={city} />
              </li>
            ))}
      </ul>
    </section>
  );
}
