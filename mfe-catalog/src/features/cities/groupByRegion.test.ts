import { city } from '../../testing/renderRoute';
import { groupByRegion } from './groupByRegion';

describe('groupByRegion', () => {
  it('groups cities under their regions, both sorted by Russian name', () => {
    const groups = groupByRegion([
      city({ id: 1, slug: 'sochi', name: 'Сочи', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край' }),
      city({ id: 2, slug: 'moskva', name: 'Москва' }),
      city({ id: 3, slug: 'anapa', name: 'Анапа', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край' }),
      city({ id: 4, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан' }),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Краснодарский край', 'Москва', 'Татарстан']);
    expect(groups[0]?.cities.map((c) => c.name)).toEqual(['Анапа', 'Сочи']);
    expect(groups[0]?.slug).toBe('krasnodarskiy-kray');
  });

  it('gives no groups for no cities', () => {
    expect(groupByRegion([])).toEqual([]);
  });
});
