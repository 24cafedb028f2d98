// Internal city record: public fields plus the grammar forms and hints the excursion generator needs.
import type { CityContent } from './types';

/** The zone comes from the region (geography.ts). */
export interface CityInfo extends Omit<CityContent, 'timeZone'> {
  /** Genitive: «Москвы». */
  gen: string;
  /** Dative: «Москве» (for «по Москве»). */
  dat: string;
  /** Locative phrase with its preposition: «в Москве», «во Владимире». */
  loc: string;
  /** Default meeting point of walking tours. */
  meet: string;
  /** The city stands on a sea, lake or river with boat trips. */
  water: boolean;
  /** How many excursions the generator creates for this city. */
  excursionCount: number;
}

type Forms = [name: string, gen: string, dat: string, loc: string];

export function city(
  slug: string, regionSlug: string, forms: Forms, popularity: number, excursionCount: number,
  water: boolean, meet: string, description: string,
): CityInfo {
  const [name, gen, dat, loc] = forms;
  return { slug, regionSlug, name, description, popularity, gen, dat, loc, meet, water, excursionCount };
}

/** Forms of a name that does not decline (Сочи, Тбилиси). */
export function fixed(name: string): Forms {
  return [name, name, name, `в ${name}`];
}
