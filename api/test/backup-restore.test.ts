// The restore drill of docs/production.md «Backups»: a backup taken the documented way is restored into a new
// database, and the api's data are all there — every table's rows, the migrations journal (nothing re-applied), a row
// written just before the backup. PGlite: its data directory copied while the api is stopped. PostgreSQL (with
// DATABASE_URL): `pg_dump --format=custom`, then `pg_restore --no-owner` into an empty database.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client';
import { settings } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed/index';
import { fixtureCatalog } from './fixtures/catalog';

/** Rows of every table of the api (public schema) and of the migrations journal. */
async function census(db: Database): Promise<Record<string, number>> {
  const tables = (
    (await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as {
      rows: { table_name: string }[];
    }
  ).rows.map((r) => r.table_name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as { rows: { n: number }[] };
    counts[table] = Number(rows[0]!.n);
  }
  const journal = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  counts['drizzle.__drizzle_migrations'] = Number(journal.rows[0]!.n);
  return counts;
}

/** A migrated, seeded database with one row written last: what the backup must keep. */
async function fill(db: Database, marker: string): Promise<void> {
  await seedDatabase(db, { content: fixtureCatalog() });
  await db.insert(settings).values({ key: 'restore-drill', value: { marker } });
}

async function markerOf(db: Database): Promise<unknown> {
  const row = await db.query.settings.findFirst({ where: eq(settings.key, 'restore-drill') });
  return (row?.value as { marker?: string } | undefined)?.marker;
}

describe('restore drill: PGlite data directory', () => {
  it('a copy of the stopped database directory opens with every row, the journal and the last write', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'excursio-drill-'));
    try {
      const live = path.join(folder, 'pglite');
      const source = await createDatabase({ databaseUrl: null, pgliteDir: live });
      await source.migrate();
      const marker = randomBytes(8).toString('hex');
      await fill(source.db, marker);
      const before = await census(source.db);
      await source.close(); // the documented backup: stop the api, copy the folder
      const backup = path.join(folder, 'backup');
      cpSync(live, backup, { recursive: true });
      rmSync(live, { recursive: true }); // the original is lost

      const restored = await createDatabase({ databaseUrl: null, pgliteDir: backup });
      try {
        assert.deepEqual(await census(restored.db), before);
        assert.ok(before.excursions! > 0 && before.users! > 0, 'the drill restored a real catalog');
        assert.equal(await markerOf(restored.db), marker);
        await restored.migrate(); // nothing left to apply
        assert.equal((await census(restored.db))['drizzle.__drizzle_migrations'], before['drizzle.__drizzle_migrations']);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('restore drill: PostgreSQL (pg_dump / pg_restore)', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, () => {
  it('pg_dump --format=custom restored by pg_restore into an empty database has every row, the journal and the last write', async () => {
    const server = process.env.DATABASE_URL!;
    const suffix = randomBytes(4).toString('hex');
    const names = { source: `excursio_drill_${suffix}`, restored: `excursio_drill_${suffix}_restored` };
    const urlOf = (name: string) => {
      const url = new URL(server);
      url.pathname = `/${name}`;
      return url.href;
    };
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    const folder = mkdtempSync(path.join(tmpdir(), 'excursio-drill-'));
    try {
      await admin.query(`create database ${names.source}`);
      const source = await createDatabase({ databaseUrl: urlOf(names.source), pgliteDir: 'memory://' });
      const marker = randomBytes(8).toString('hex');
      let before: Record<string, number>;
      try {
        await source.migrate();
        await fill(source.db, marker);
        before = await census(source.db);
      } finally {
        await source.close();
      }
      const dump = path.join(folder, 'excursio.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, urlOf(names.source)], { stdio: 'pipe' });
      await admin.query(`drop database ${names.source}`); // the original is lost
      await admin.query(`create database ${names.restored}`);
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${urlOf(names.restored)}`, dump], { stdio: 'pipe' });

      const restored = await createDatabase({ databaseUrl: urlOf(names.restored), pgliteDir: 'memory://' });
      try {
        assert.deepEqual(await census(restored.db), before);
        assert.equal(await markerOf(restored.db), marker);
        await restored.migrate();
        assert.equal((await census(restored.db))['drizzle.__drizzle_migrations'], before['drizzle.__drizzle_migrations']);
        // identity columns continue after the restored rows: a new user's id does not collide
        const { rows } = (await restored.db.execute(
          sql`select (select max(id) from users) as top, nextval(pg_get_serial_sequence('users', 'id')) as next`,
        )) as unknown as { rows: { top: string; next: string }[] };
        assert.ok(Number(rows[0]!.next) > Number(rows[0]!.top));
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`drop database if exists ${names.source}`);
      await admin.query(`drop database if exists ${names.restored}`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
