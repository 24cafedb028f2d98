import { geoApi } from '../../api/geo';
import { CityTile, PlaceTileSkeleton, TileGrid } from '../../components/PlaceTile';
import { Section } from '../../components/Section';
import { useSection } from './useSection';

/** Spec §9: the index shows at most 10 cities. */
export const POPULAR_CITIES_LIMIT = 10;

/** «Популярные города»: a failed call (or an empty list) hides the section, without a word (spec §8). */
export function PopularCities() {
  const state = useSection(() => geoApi.cities(POPULAR_CITIES_LIMIT).then((res) => res.data.data));
  if (state.status === 'hidden') return null;
  return (
    <Section title="Популярные города" more={{ to: '/excursion/cities', label: 'Все города' }} busy={state.status === 'loading'}>
      <TileGrid>
        {state.status === 'loading'
          ? Array.from({ length: POPULAR_CITIES_LIMIT }, (_, i) => (
              // keys unlike city ids: React must not reuse (and move) a skeleton's <li> for a city (a layout shift)
              <li key={`skeleton-${i}`}>
                <PlaceTileSkeleton />
              </li>
            ))
          : state.items.map((city) => (
              <li key={city.id}>
                <CityTile city={city} />
              </li>
            ))}
      </TileGrid>
    </Section>
  );
}
