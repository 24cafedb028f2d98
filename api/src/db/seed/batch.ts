import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

/** Rows per INSERT: well under PostgreSQL's 65 535 bind parameters for our widest tables. */
export const BATCH_SIZE = 500;

export function chunks<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Inserts rows in batches (no RETURNING), for link tables and bulk data. */
export async function insertAll<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  size = BATCH_SIZE,
): Promise<void> {
  for (const batch of chunks(rows, size)) {
    await db.insert(table).values(batch);
  }
}

/** Looks a key up in a map built from inserted rows; a miss is a broken seed catalog, never silent. */
export function must<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed catalog: unknown ${what} "${String(key)}"`);
  return value;
}
