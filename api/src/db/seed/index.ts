import { sql } from 'drizzle-orm';
import type { CatalogContent } from './content/index';
import type { Database } from '../client';
import { countries, settings, users } from '../schema';
import { seedCatalog } from './catalog';
import { countRows } from './counts';
import { seedDemo } from './demo';
import { seedEvents } from './events';
import { recomputeExcursionRatings, seedReviews } from './reviews';

export { DEMO_CUSTOMER, DEMO_PARTNER_PHONE } from './demo';

export interface SeedOptions {
  /** The catalog to write; the built-in Russian catalog by default. */
  content?: CatalogContent;
  /** "Today" of the seed: event dates, review ages and order history are laid out around it. */
  now?: Date;
  /** Service commission (%) used for the prepayment of the demo orders. */
  serviceCommission?: number;
}

export interface SeedReport {
  seeded: boolean;
  ms: number;
  counts: Record<string, number>;
}

async function loadContent(): Promise<CatalogContent> {
  const { buildCatalogContent } = await import('./content/index');
  return buildCatalogContent();
}

/**
 * Fills an empty database with the catalog and the demo accounts. Does nothing when countries already
 * exist. Runs in one transaction: a failed seed leaves the database empty, so the next start retries.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now();
  if ((await db.$count(countries)) > 0) {
    return { seeded: false, ms: Math.round(performance.now() - started), counts: await countRows(db) };
  }
  const content = options.content ?? (await loadContent());
  const now = options.now ?? new Date();
  const commission = options.serviceCommission ?? 15;

  await db.transaction(async (tx) => {
    // the search index's triggers wait: one rebuild at the end instead of one per inserted batch (migration 0022_search)
    await tx.execute(sql`select set_config('search.defer', 'on', true)`);
    const catalog = await seedCatalog(tx, content, now);
    await seedEvents(tx, catalog.excursions, now);
    await seedReviews(tx, content, new Map(catalog.excursions.map((e) => [e.slug, e.id])), now);
    await seedDemo(tx, catalog, { commission, now });
    await recomputeExcursionRatings(tx);
    await tx
      .update(users)
      .set({ avatarPath: sql`'/api/media/avatar/user-' || ${users.id} || '/1.svg'` })
      .where(sql`${users.avatarPath} IS NULL`);
    await tx.insert(settings).values({ key: 'seed', value: { version: 1, seededAt: now.toISOString() } });
    await tx.execute(sql`select set_config('search.defer', 'off', true)`);
    await tx.execute(sql`select search_rebuild()`);
  });
  return { seeded: true, ms: Math.round(performance.now() - started), counts: await countRows(db) };
}

export function formatSeedReport(report: SeedReport): string {
  const width = Math.max(...Object.keys(report.counts).map((name) => name.length));
  const lines = Object.entries(report.counts).map(([name, count]) => `  ${name.padEnd(width)}  ${count}`);
  const head = report.seeded
    ? `Seeded in ${(report.ms / 1000).toFixed(1)} s:`
    : 'The database already has a catalog; nothing seeded. Rows:';
  return [head, ...lines].join('\n');
}
