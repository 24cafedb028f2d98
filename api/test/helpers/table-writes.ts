import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/**
 * Counts the statements that write to the database's tables (but `skipped`), through a statement trigger on each that
 * moves a sequence. Reading the counter is one cheap query, so a test that must prove a request changed nothing
 * compares whole-table fingerprints only after a request that wrote at all (a sequence is not rolled back, so a write
 * undone by its transaction still counts: the fingerprint then decides).
 */
export async function watchTableWrites(db: Database, skipped: ReadonlySet<string>): Promise<{ count(): Promise<string> }> {
  const rows = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  await db.execute(sql.raw('create sequence if not exists test_watch_writes'));
  await db.execute(
    sql.raw(`create or replace function test_watch_write() returns trigger language plpgsql as $$
      begin perform nextval('test_watch_writes'); return null; end $$`),
  );
  for (const { table_name: table } of rows.rows) {
    if (skipped.has(table)) continue;
    await db.execute(
      sql.raw(
        `create trigger test_watch_write after insert or update or delete or truncate on "${table}" for each statement execute function test_watch_write()`,
      ),
    );
  }
  return {
    count: async () =>
      ((await db.execute(sql.raw('select last_value::text as n from test_watch_writes'))) as unknown as { rows: { n: string }[] }).rows[0]!.n,
  };
}
