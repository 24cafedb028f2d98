import type { Suggestions } from '@excursio/shared/contracts';
import type { Database } from '../../db/client';
import { destinationsIn, matchNames, namesIndexOf } from './names';
import { understand } from './understand';

// Search box suggestions from the index of names in memory (names.ts): a suggestion costs the one round trip of
// understanding the text (the index's version and the words' lexemes) and no query of the catalog.

const NONE: Suggestions = { cities: [], places: [], excursions: [], corrected: null };

/**
 * Search box suggestions, as the text is typed (its last word may be unfinished): the cities and other places that
 * match well, then the best excursions.
 */
export async function suggest(db: Database, q: string, limit: number): Promise<Suggestions> {
  const understood = await understand(db, q, { typing: true });
  if (understood.alternatives.length === 0) return NONE;
  const index = await namesIndexOf(db, understood.version, understood.catalog);
  const scored = matchNames(index, understood);
  const excursionsFound = scored
    .filter((s) => s.doc.kind === 'excursion')
    .sort((a, b) => b.score - a.score || b.doc.tie - a.doc.tie || a.doc.id - b.doc.id)
    .slice(0, limit)
    .map((s) => index.excursions.get(s.doc.id)!);
  const destinations = destinationsIn(index, scored);
  // up to 3 cities, then 2 other places, as they ranked
  const cityCardsFound = destinations
    .filter((d) => d.kind === 'city')
    .slice(0, Math.min(limit, 3))
    .flatMap((d) => index.cities.get(d.id) ?? []);
  const places = destinations.filter((d) => d.kind !== 'city').slice(0, 2);
  return { cities: cityCardsFound, places, excursions: excursionsFound, corrected: understood.corrected };
}
