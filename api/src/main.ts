// Starts the api: opens the database, migrates, seeds an empty one, listens; closes cleanly on a signal.
import { sql } from 'drizzle-orm';
import { EnvError } from '@excursio/shared/env';
import { buildApp } from './app';
import { assertProductionReady, loadConfig } from './config';
import { createDatabase } from './db/client';
import { formatSeedReport, seedDatabase } from './db/seed/index';
import { createRedis } from './redis';
import { warmUp } from './warm-up';

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database is touched: production never runs on a development default (buildApp checks again).
  assertProductionReady(config);
  const database = await createDatabase(config);
  // MIGRATE_ON_START=false: replicas leave the migrations (and the seed) to one job run before them (`dist/cli.js migrate`)
  const report = config.migrateOnStart
    ? await database.migrate().then(() => seedDatabase(database.db, { serviceCommission: config.serviceCommission }))
    : { seeded: false as const };
  if (report.seeded) console.log(formatSeedReport(report));
  // PGlite has no autovacuum: without fresh statistics it plans the seeded tables by guesses (api/README.md: Seeding).
  if (report.seeded || database.driver === 'pglite') {
    const started = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    console.log(`[db] vacuum analyze: ${Math.round(performance.now() - started)} ms`);
  }

  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const app = await buildApp({ config, db: database.db, driver: database.driver, redis, pool: database.pool });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down');
    // readiness drops first and requests are still served while the balancer notices; then Fastify stops taking new
    // ones (503), lets those in flight finish and the realtime sockets are closed with 4200 (reconnect at once)
    app.drain();
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    const began = performance.now();
    const step = (what: string) => console.log(`[shutdown] ${what} after ${Math.round(performance.now() - began)} ms`);
    // a keep-alive connection that was busy when closing began becomes idle once its answer is sent: closed then, not
    // after the keep-alive timeout (the balancer's pooled connections held a draining api open for 15 s)
    const idle = setInterval(() => app.server.closeIdleConnections?.(), 200);
    try {
      await app.close();
      step('requests finished, sockets and worker closed');
    } finally {
      clearInterval(idle);
      await redis?.quit().catch(() => undefined);
      await database.close();
      step('database closed');
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }

  try {
    // warm before the port opens: the balancer's readiness checks find the process only once its first answers are fast
    if (config.warmUpRounds > 0) {
      const warm = await warmUp(app, { rounds: config.warmUpRounds });
      console.log(`[warm-up] ${warm.requests} requests in ${warm.ms} ms${warm.failed ? ` (${warm.failed} failed)` : ''}`);
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await redis?.quit().catch(() => undefined);
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  // a bad configuration names every variable and what it expects: the stack would only bury that
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
