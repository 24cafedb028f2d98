// Builds the sight list with globally unique slugs.
import { FOREIGN_SIGHTS } from './sights-abroad';
import { RUSSIAN_SIGHTS } from './sights-russia';
import type { SightInfo } from './sight-info';
import { slugify, uniqueSlug } from '../../../text/slug';

export function buildSights(citySlugs: readonly string[]): SightInfo[] {
  const tables = { ...RUSSIAN_SIGHTS, ...FOREIGN_SIGHTS };
  const taken = new Set<string>();
  const sights: SightInfo[] = [];
  for (const citySlug of citySlugs) {
    for (const [name, kind, description] of tables[citySlug] ?? []) {
      const base = slugify(name);
      // A clash (two «Успенских соборов») gets the city prefix rather than a number.
      const slug = taken.has(base) ? uniqueSlug(`${citySlug}-${base}`, taken) : uniqueSlug(base, taken);
      sights.push({ slug, citySlug, name, description, kind });
    }
  }
  return sights;
}
