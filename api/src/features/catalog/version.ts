// The catalog's version (issue 30 §1): a database sequence moved on every change of what the public catalog shows.
// Every write already drops the catalog cache's entries (`catalogCache.invalidate`); each such drop also moves the
// sequence, so the version is one counter for every api process on one database. The shell server keys its cache of
// rendered pages by it: a partner's price or a booking that changes seats reaches the HTML at once, not after a TTL.
// A process that reads a version it has not made drops its own catalog cache too (another process changed the
// catalog), so the pages rendered for that version never read an older answer from it.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ResponseCache } from '../../http/response-cache';

export interface CatalogVersion {
  /** The version as of now: waits for this process's own moves still in flight. */
  current(): Promise<string>;
}

const numberOf = (rows: unknown): bigint => {
  const row = (Array.isArray(rows) ? rows[0] : (rows as { rows?: unknown[] }).rows?.[0]) as { v?: string | number | bigint } | undefined;
  return BigInt(row?.v ?? 0);
};

export function trackCatalogVersion(db: Database, cache: ResponseCache, log: { warn: (obj: object, msg: string) => void }): CatalogVersion {
  /** The moves queued by this process, in order. */
  let moves: Promise<void> = Promise.resolve();
  /** The highest version this process's cache is known to reflect. */
  let seen = 0n;
  cache.onInvalidate(() => {
    moves = moves
      .then(async () => {
        const next = numberOf(await db.execute(sql`select nextval('catalog_version') as v`));
        if (next > seen) seen = next;
      })
      .catch((error: unknown) => log.warn({ err: error }, 'catalog version: the move failed (rendered pages follow on their TTL)'));
  });
  return {
    async current() {
      await moves;
      const version = numberOf(await db.execute(sql`select case when is_called then last_value else 0 end as v from catalog_version`));
      if (version > seen) {
        seen = version;
        cache.invalidate(undefined, { quiet: true });
      }
      return String(version);
    },
  };
}
