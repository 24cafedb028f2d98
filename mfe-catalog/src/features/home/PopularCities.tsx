import type { CityCard } from '@excursio/shared';
import { CityTile, TileGrid } from '../../components/PlaceTile';
import { Section } from '../../components/Section';

/** «Популярные города»: an empty list (a failed call too) hides the section, without a word (spec §8). */
export function PopularCities({ items }: { items: CityCard[] }) {
  if (items.length === 0) return null;
  return (
    <Section title="Популярные города" more={{ to: '/excursion/cities', label: 'Все города' }}>
      <TileGrid>
        {items.map((city) => (
          <li key={city.id}>
            <CityTile city={city} />
          </li>
        ))}
      </TileGrid>
    </Section>
  );
}
