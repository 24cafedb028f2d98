import { sql, type SQL } from 'drizzle-orm';
import type { cities, excursions } from '../../db/schema';

// Search compares lowercase text with ё read as е, on both sides (the excursion list's `q` and the suggestions).

/** Lowercase, ё → е: the form both sides of a search are compared in. */
export function searchForm(text: string): string {
  return text.trim().toLowerCase().replace(/ё/g, 'е');
}

/** `%…%` pattern with LIKE wildcards of the user's text escaped. */
export function containsPattern(text: string): string {
  return `%${searchForm(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL side of searchForm(). */
export const searchable = (column: SQL | typeof excursions.title | typeof cities.name) =>
  sql`translate(lower(${column}), 'ё', 'е')`;
