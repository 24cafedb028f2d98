import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot, type Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool (its counts feed /metrics); none on PGlite. */
  pool?: pg.Pool;
  /** Applies the SQL migrations of api/drizzle that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(apiRoot, 'drizzle');

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * PostgreSQL when `databaseUrl` is set, else embedded PGlite (one connection: this instance queues every query).
 * `pgliteImage`: a data directory dumped by PGlite (`dumpDataDir`) to start from instead of a new cluster (the tests'
 * migrated image: ~1 s instead of ~4 s of initdb and migrations).
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  options: { pgliteImage?: Blob } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    // jit off: the api's queries are short; the planner's costs of full-text functions (to_tsvector, ts_rank,
    // ts_headline: 100 a call) start LLVM compilation of a search query, which then takes 100–300 ms instead of a few
    // (measured on PostgreSQL 15 with jit = on, the default: issue 31)
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, ...drizzleOptions });
    let closed = false;
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  const inMemory = config.pgliteDir.startsWith('memory://');
  if (!inMemory) mkdirSync(config.pgliteDir, { recursive: true });
  // pg_trgm: the search index's typo matching (migration 0022_search creates the extension; PostgreSQL ships it in contrib).
  const extensions = { pg_trgm };
  const client = await PGlite.create(
    inMemory ? undefined : config.pgliteDir,
    options.pgliteImage ? { loadDataDir: options.pgliteImage, extensions } : { extensions },
  );
  const db = drizzlePglite({ client, ...drizzleOptions });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
