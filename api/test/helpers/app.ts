import { after, before } from 'node:test';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config, type Env } from '../../src/config';
import type { Database } from '../../src/db/client';
import { seedDatabase, type SeedReport } from '../../src/db/seed/index';
import { issueToken } from '../../src/features/auth/tokens';
import { createCatalogCache } from '../../src/features/catalog/cache';
import type { ResponseCache } from '../../src/http/response-cache';
import type { CatalogContent } from '../../src/db/seed/content/index';
import { fixtureCatalog } from '../fixtures/catalog';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './database';

export interface TestContext {
  app: App;
  db: Database;
  config: Config;
  seed: SeedReport | null;
  /** The app's catalog cache (drop entries after writing the catalog behind the api's back). */
  catalogCache: ResponseCache;
  /** JSON log lines written by the app. */
  logs: Record<string, unknown>[];
  /** A fresh bearer token for the user with this phone. */
  tokenFor(phone: string): Promise<string>;
  /** Another app on the same database with other settings (closed after the suite). */
  variant(env: Env): Promise<{ app: App; logs: Record<string, unknown>[]; catalogCache: ResponseCache }>;
}

export interface TestAppOptions {
  env?: Env;
  /** `fixture`: the tiny test catalog (default); `full`: the real seed catalog; `none`: empty tables. */
  seed?: 'fixture' | 'full' | 'none';
  /** The catalog seeded in `fixture` mode instead of the tiny test catalog. */
  content?: () => CatalogContent;
}

/** A production app refuses the example realtime secret: tests that run one get a real-looking secret. */
export function withProductionSecret(env: Env = {}): Env {
  return env.APP_ENV === 'production' && !env.REALTIME_APP_SECRET ? { ...env, REALTIME_APP_SECRET: 'f'.repeat(64) } : env;
}

/**
 * Registers before/after hooks of the current suite: a fresh migrated database (+ seed) and the app on it.
 * Read the returned object inside tests only (it is filled in by `before`).
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestContext {
  const context = { logs: [] as Record<string, unknown>[] } as TestContext;
  let database: TestDatabase | undefined;
  const variants: App[] = [];

  before(async () => {
    database = await createTestDatabase(kind);
    const config = loadConfig({ APP_ENV: 'test', ...withProductionSecret(options.env) });
    const mode = options.seed ?? 'fixture';
    const seed =
      mode === 'none'
        ? null
        : await seedDatabase(database.handle.db, mode === 'full' ? {} : { content: (options.content ?? fixtureCatalog)() });
    const db = database.handle.db;
    const catalogCache = createCatalogCache(config);
    const app = await buildApp({
      config,
      db,
      driver: database.handle.driver,
      logger: { level: 'info', stream: logStream(context.logs) },
      catalogCache,
    });
    await app.ready();
    const driver = database.handle.driver;
    Object.assign(context, {
      app,
      db,
      config,
      seed,
      catalogCache,
      tokenFor: async (phone: string) => {
        const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.phone, phone) });
        if (!user) throw new Error(`no user with phone ${phone}`);
        return (await issueToken(db, user.id, config.tokenTtlDays)).token;
      },
      variant: async (env: Env) => {
        const logs: Record<string, unknown>[] = [];
        const otherConfig = loadConfig({ APP_ENV: 'test', ...withProductionSecret(env) });
        const otherCache = createCatalogCache(otherConfig);
        const other = await buildApp({
          config: otherConfig,
          db,
          driver,
          logger: { level: 'info', stream: logStream(logs) },
          catalogCache: otherCache,
        });
        await other.ready();
        variants.push(other);
        return { app: other, logs, catalogCache: otherCache };
      },
    });
  });

  after(async () => {
    for (const other of variants) await other.close();
    await context.app?.close();
    await database?.dispose();
  });

  return context;
}

/** Collects the app's JSON log lines. */
function logStream(into: Record<string, unknown>[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) into.push(JSON.parse(line));
      done();
    },
  });
}

export const CUSTOMER_PHONE = '79990000001';
export const PARTNER_PHONE = '79990000002';
export const STAFF_PHONE = '79990000003';
export const ADMIN_PHONE = '79990000004';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
