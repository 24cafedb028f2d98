// Database commands: `tsx src/db/cli.ts migrate | seed | reset [--force]`.
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../config';
import { createDatabase, type DatabaseHandle } from './client';
import { formatSeedReport, seedDatabase } from './seed/index';

const USAGE = 'Usage: tsx src/db/cli.ts <migrate | seed | reset [--force]>';

/** Drops every table, type and the migration journal. */
async function dropEverything(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw('DROP SCHEMA IF EXISTS drizzle CASCADE'));
  await handle.db.execute(sql.raw('DROP SCHEMA public CASCADE'));
  await handle.db.execute(sql.raw('CREATE SCHEMA public'));
}

function where(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
}

async function run(command: string | undefined, flags: string[]): Promise<void> {
  if (command !== 'migrate' && command !== 'seed' && command !== 'reset') throw new Error(USAGE);
  const config = loadConfig();
  // The embedded database is local data; a PostgreSQL server in production needs an explicit --force.
  if (command === 'reset' && config.databaseUrl && config.appEnv === 'production' && !flags.includes('--force')) {
    throw new Error('Refusing to reset a PostgreSQL database with APP_ENV=production without --force.');
  }
  const handle = await createDatabase(config);
  try {
    console.log(`[db] ${command}: ${where(config)}`);
    if (command === 'reset') {
      await dropEverything(handle);
      console.log('[db] dropped all tables');
    }
    await handle.migrate();
    console.log('[db] migrations applied');
    if (command !== 'migrate') {
      const report = await seedDatabase(handle.db, { serviceCommission: config.serviceCommission });
      console.log(formatSeedReport(report));
    }
  } finally {
    await handle.close();
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
