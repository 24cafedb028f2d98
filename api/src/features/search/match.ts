import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions } from '../../db/schema';
import { understand, type Understood } from './understand';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The tsquery every hit matches: all the words, or any of them when no document has them all. */
export interface Match {
  understood: Understood;
  /** `russian` tsquery source that is run (all, or any as the fallback). */
  tsquery: string;
}

/** Is there at least one excursion with all the words? Then they are required; else any of them (ranked by how many). */
export async function matchOf(db: Database, understood: Understood): Promise<Match | null> {
  if (!understood.all) return null;
  if (understood.all === understood.any) return { understood, tsquery: understood.all };
  const found = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from search_documents
      where kind = 'excursion' and tsv @@ to_tsquery('russian', ${understood.all}) limit 1) one`),
  );
  return { understood, tsquery: found[0]?.n ? understood.all : understood.any };
}

/** Excursion ids matching (for the catalog list's `q`). */
export const matchingExcursions = (match: Match) =>
  sql`${excursions.id} in (select ref_id from search_documents where kind = 'excursion' and tsv @@ to_tsquery('russian', ${match.tsquery}))`;

/** A text as a Match (null: nothing in it to search). */
export async function matchText(db: Database, text: string): Promise<Match | null> {
  return matchOf(db, await understand(db, text));
}
