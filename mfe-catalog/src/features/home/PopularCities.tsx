import { api, pluralRu } from '@excursio/shared';
import { PlaceTile, PlaceTileSkeleton, TileGrid } from '../../components/PlaceTile';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { useSection } from '../../lib/useSection';

/** Spec §9: the index shows at most 10 cities. */
export const POPULAR_CITIES_LIMIT = 10;

/** «Популярные города»: a failed call (or an empty list) hides the section, without a word (spec §8). */
export function PopularCities() {
  const state = useSection(() => api.cities(POPULAR_CITIES_LIMIT).then((res) => res.data.data));
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
                <PlaceTile
                  to={`/excursion/${city.region_slug}/${city.slug}`}
                  photo={city.photo_url}
                  name={city.name}
                  notes={[city.region_name, pluralRu(city.excursions_count, EXCURSION_FORMS)]}
                />
              </li>
            ))}
      </TileGrid>
    </Section>
  );
}
