import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// The excursions whose public facts changed (catalog_changes, migration 0028): triggers log them with their
// transaction's id in the writing transaction. What a reader kept in memory is as of a snapshot (pg_current_snapshot);
// the changes it has not seen are exactly those of the transactions that snapshot did not see, whatever order the
// writers commit in. The results page's facts (results.ts) and the suggestions' excursions (names.ts) follow them.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The snapshot as of now: take it before reading what is to be kept (what commits in between is read again later). */
export async function snapshotNow(db: Database): Promise<string> {
  return rowsOf<{ snapshot: string }>(await db.execute(sql`select pg_current_snapshot()::text as snapshot`))[0]!.snapshot;
}

/**
 * The excursions changed by the transactions `seen` did not see, and the snapshot they are as of; null when they
 * cannot be told (the log was pruned past `seen`, or a bulk load logged every excursion): read everything again.
 */
export async function catalogChangesSince(db: Database, seen: string): Promise<{ snapshot: string; ids: number[] } | null> {
  const at = sql`${seen}::pg_snapshot`;
  const [state] = rowsOf<{ snapshot: string; gone: boolean | null; ids: number[] | string | null }>(
    await db.execute(sql`select pg_current_snapshot()::text as snapshot,
      (select s.pruned_through >= pg_snapshot_xmin(${at}) from catalog_changes_state s where s.id = 1) as gone,
      (select json_agg(distinct c.excursion_id) from catalog_changes c
        where c.xid >= pg_snapshot_xmin(${at}) and not pg_visible_in_snapshot(c.xid, ${at})) as ids`),
  );
  const ids = typeof state?.ids === 'string' ? (JSON.parse(state.ids) as number[]) : (state?.ids ?? []);
  if (!state || state.gone !== false || ids.includes(0)) return null;
  return { snapshot: state.snapshot, ids };
}
