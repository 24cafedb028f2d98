import type { CityCard } from '@excursio/shared';

export interface RegionGroup {
  slug: string;
  name: string;
  cities: CityCard[];
}

/** Cities grouped by region; regions and the cities inside them sorted by their Russian names. */
export function groupByRegion(cities: readonly CityCard[]): RegionGroup[] {
  const groups = new Map<string, RegionGroup>();
  for (const city of cities) {
    let group = groups.get(city.region_slug);
    if (!group) {
      group = { slug: city.region_slug, name: city.region_name, cities: [] };
      groups.set(city.region_slug, group);
    }
    group.cities.push(city);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ru');
  return [...groups.values()].sort(byName).map((g) => ({ ...g, cities: [...g.cities].sort(byName) }));
}
