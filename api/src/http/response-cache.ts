// In-process cache of serialised public answers: tagged, with ETags, stale while one request refreshes (api/README.md).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export interface ResponseCacheOptions {
  /** Time to live in ms; 0 disables the cache (every request computed, still with an ETag). */
  ttlMs: number;
  /** Most entries kept (least recently used dropped first). */
  maxEntries: number;
  /** Most bytes of JSON kept. */
  maxBytes?: number;
  /** The clock in ms (tests inject one); performance.now by default. */
  now?: () => number;
}

interface Entry {
  /** The JSON as UTF-8 bytes: sent as they are, no serialisation or encoding per request. */
  body: Buffer;
  etag: string;
  tags: readonly string[];
  /** Clock time after which the entry is refreshed (served meanwhile). */
  freshUntil: number;
}

interface Pending {
  promise: Promise<Entry>;
  tags: readonly string[];
  /** Set when a write invalidated it while it was being computed: served to its waiters, never stored. */
  stale: boolean;
}

export type CacheStatus = 'HIT' | 'STALE' | 'MISS' | 'BYPASS';

/** A weak ETag of a JSON body (equal bodies, equal tags). */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Does an If-None-Match header (`*`, or a list of possibly weak tags) match `etag` (weak comparison)? */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Keys of an object sorted, recursively: a stable JSON text for the same values. */
function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stable(record[key])}`)
    .join(',')}}`;
}

export class ResponseCache {
  readonly enabled: boolean;
  private readonly entries: LRUCache<string, Entry> | null;
  private readonly pending = new Map<string, Pending>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Counters since start (tests and diagnostics). */
  readonly stats = { hits: 0, stale: 0, misses: 0, invalidations: 0 };
  private readonly listeners: Array<(tag: string | undefined) => void> = [];

  constructor(options: ResponseCacheOptions) {
    this.enabled = options.ttlMs > 0 && options.maxEntries > 0;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? (() => performance.now());
    this.entries = this.enabled
      ? new LRUCache<string, Entry>({
          max: options.maxEntries,
          // kept one more TTL past expiry, to be served while a refresh runs
          ttl: 2 * options.ttlMs,
          maxSize: options.maxBytes ?? 64 * 1024 * 1024,
          sizeCalculation: (entry) => Math.max(1, entry.body.byteLength),
          // an injected clock is read on every check; the default one is read at most once per ms
          ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
        })
      : null;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries?.size ?? 0;
  }

  /**
   * The cache key of a validated request: its route with the params and query as validated (coerced, with
   * defaults). Only the parameters the route's schema declares count: `?utm_source=…` or a random extra
   * parameter cannot split one answer into many entries.
   */
  static keyOf(request: FastifyRequest): string {
    const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const declared: Record<string, unknown> = {};
    for (const name of Object.keys(schema?.properties ?? {})) declared[name] = query[name];
    return `${request.routeOptions.url ?? request.url} ${stable(request.params)} ${stable(declared)}`;
  }

  /**
   * The entry for `key`: stored and fresh (HIT), expired but kept while one refresh runs (STALE), being
   * computed by another request (HIT once it is done) or computed now by `compute` (MISS).
   */
  async get(key: string, tags: readonly string[], compute: () => Promise<string>): Promise<{ entry: Entry; status: CacheStatus }> {
    if (!this.entries) {
      const body = Buffer.from(await compute(), 'utf8');
      return { entry: { body, etag: weakEtag(body), tags, freshUntil: 0 }, status: 'BYPASS' };
    }
    const stored = this.entries.get(key);
    if (stored && this.now() < stored.freshUntil) {
      this.stats.hits++;
      return { entry: stored, status: 'HIT' };
    }
    const running = this.pending.get(key);
    if (stored) {
      this.stats.stale++;
      if (!running) {
        // A failed refresh (the excursion is gone: 404) drops the old answer: the next request gets the error.
        this.start(key, tags, compute).promise.catch(() => {
          if (this.entries?.peek(key) === stored) this.entries.delete(key);
        });
      }
      return { entry: stored, status: 'STALE' };
    }
    if (running) {
      this.stats.hits++;
      return { entry: await running.promise, status: 'HIT' };
    }
    this.stats.misses++;
    return { entry: await this.start(key, tags, compute).promise, status: 'MISS' };
  }

  /** Computes the entry of `key` once, whoever else asks for it meanwhile; stores it unless invalidated. */
  private start(key: string, tags: readonly string[], compute: () => Promise<string>): Pending {
    const pending = { tags, stale: false } as Pending;
    pending.promise = (async () => {
      try {
        const body = Buffer.from(await compute(), 'utf8');
        const entry: Entry = { body, etag: weakEtag(body), tags, freshUntil: this.now() + this.ttlMs };
        if (!pending.stale) this.entries?.set(key, entry);
        return entry;
      } finally {
        if (this.pending.get(key) === pending) this.pending.delete(key);
      }
    })();
    this.pending.set(key, pending);
    return pending;
  }

  /** Calls `listener` on every invalidation a write makes (not on `quiet` ones), even with the cache disabled. */
  onInvalidate(listener: (tag: string | undefined) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Drops the entries carrying `tag` (every entry when omitted), including computations still running:
   * a request arriving after the write computes afresh. Listeners hear of it unless `quiet` (the cache
   * following a change made elsewhere: features/catalog/version.ts).
   */
  invalidate(tag?: string, { quiet = false }: { quiet?: boolean } = {}): void {
    if (!quiet) for (const listener of this.listeners) listener(tag);
    if (!this.entries) return;
    this.stats.invalidations++;
    if (tag === undefined) {
      this.entries.clear();
    } else {
      const dropped = [...this.entries.entries()].filter(([, entry]) => entry.tags.includes(tag)).map(([key]) => key);
      for (const key of dropped) this.entries.delete(key);
    }
    for (const [key, pending] of this.pending) {
      if (tag === undefined || pending.tags.includes(tag)) {
        pending.stale = true;
        this.pending.delete(key);
      }
    }
  }

  /**
   * Answers a public GET from the cache: `compute` gives the payload on a miss, serialised once with the
   * route's response schema (or `serialize`: a route whose payload is built to its schema exactly, keys in the
   * schema's order and nothing more, may use JSON.stringify, the same text faster — its tests compare the two).
   * Sends ETag, Cache-Control and X-Cache; 304 when If-None-Match matches.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
    tags: readonly string[] = [],
    serialize?: (payload: unknown) => string,
  ): Promise<FastifyReply> {
    const { entry, status } = await this.get(ResponseCache.keyOf(request), tags, async () => {
      const payload = await compute();
      const body = serialize ? serialize(payload) : reply.serialize(payload);
      return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8');
    });
    reply.header('cache-control', CACHE_CONTROL).header('etag', entry.etag).header('x-cache', status);
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    // Bytes with a JSON content type go out as they are: no second serialisation.
    return reply.type('application/json; charset=utf-8').send(entry.body);
  }
}
