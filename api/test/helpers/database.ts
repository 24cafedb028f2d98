import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, migrationsFolder, type DatabaseHandle } from '../../src/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The engines a suite runs on: a fresh in-memory PGlite, and also PostgreSQL when DATABASE_URL is set.
 * `API_TEST_DATABASES` (`pglite`, `postgres`, or both, comma-separated) narrows that: the runner sets it for each of its
 * passes (scripts/run-tests.mjs).
 */
export function databaseKinds(): DatabaseKind[] {
  const available: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.API_TEST_DATABASES?.split(',').map((kind) => kind.trim());
  if (!only) return available;
  const unknown = only.filter((kind) => kind !== 'pglite' && kind !== 'postgres');
  if (unknown.length > 0) throw new Error(`API_TEST_DATABASES: unknown engine ${unknown.join(', ')} (pglite, postgres)`);
  return available.filter((kind) => only.includes(kind));
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and drops the throwaway database. */
  dispose(): Promise<void>;
}

async function adminQuery<T = unknown>(serverUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** What the migrated schema depends on: the migrations' files and the PGlite build (its data format). */
const schemaKey = (() => {
  let key: string | undefined;
  return () => {
    if (key) return key;
    const hash = createHash('sha256');
    for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(migrationsFolder, name);
      hash.update(name);
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(readFileSync(file));
    }
    const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '../package.json')));
    key = hash.digest('hex').slice(0, 16);
    return key;
  };
})();

let pgliteImage: Promise<Blob> | undefined;

/**
 * The migrated, empty PGlite data directory as a tar image, made once per schema and kept in the temp folder for the
 * other test processes: a suite's database then starts in ~1 s instead of ~4 s of initdb and migrations (which the
 * file per core running beside it made several times slower). Written to a temporary name and renamed, so a process
 * never reads a half-written image.
 */
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = path.join(tmpdir(), `excursio-test-pglite-${schemaKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await createDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const image = await client.dumpDataDir('none');
    await handle.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  })();
  return pgliteImage;
}

let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated template database on the server (`excursio_tpl_<schema>`), made once per schema under an advisory lock
 * (test processes run side by side) and built under another name first, so it never exists half-migrated. Each
 * suite's database is a copy of it (`CREATE DATABASE … TEMPLATE`), which is faster than migrating.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `excursio_tpl_${schemaKey()}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`select pg_advisory_lock(hashtext('excursio test template'))`);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const handle = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.end();
    }
  })();
  return postgresTemplate;
}

/** `CREATE DATABASE … TEMPLATE`, again when another copy of the same template is being made at that moment. */
async function copyTemplate(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String((error as Error).message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A migrated, empty database: in-memory PGlite, or a new `excursio_test_<random>` database on the server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await createDatabase({ databaseUrl: null, pgliteDir: 'memory://' }, { pgliteImage: await migratedPgliteImage() });
    // a no-op on the migrated image; kept so a suite never runs on a schema older than the migrations
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `excursio_test_${randomBytes(6).toString('hex')}`;
  await copyTemplate(serverUrl, name, await migratedPostgresTemplate(serverUrl));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle | undefined;
  try {
    handle = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    await handle.migrate();
  } catch (error) {
    await handle?.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  const opened = handle;
  return {
    handle: opened,
    dispose: async () => {
      await opened.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
