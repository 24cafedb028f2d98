import type { Config } from '../../config';
import { ResponseCache } from '../../http/response-cache';

/** Tag of cached answers showing seats left or filtering on them: orders drop them on every booking and cancellation. */
export const SEATS = 'seats';

/** Public catalog answers kept in memory (CATALOG_CACHE_*): catalog reads go through it, writes of this process drop what they change. */
export function createCatalogCache(config: Config): ResponseCache {
  return new ResponseCache({
    ttlMs: config.catalogCache.ttlS * 1000,
    maxEntries: config.catalogCache.maxEntries,
    now: config.catalogCache.now,
  });
}
