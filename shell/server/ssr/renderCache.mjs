// The rendered-page cache (issue 30 §1): anonymous catalog pages kept in this shell server's memory, keyed by the
// address, the catalog build that rendered them, the api's catalog version and whether a robot asked (robots get a
// bare error page). The catalog version moves with every change of what the catalog shows (api
// features/catalog/version.ts), so a partner's price or a booking that changes seats reaches the HTML at the next
// request, not after a TTL; the TTL (`freshMs`) only bounds what changes with time alone (a slot that has started, a
// post scheduled for later). Past it the page is served once more while one request renders it again
// (stale-while-revalidate, as Modern.js's render cache and Next.js's `s-maxage` + `stale-while-revalidate`).
// Each page is kept compressed (brotli and gzip, made once), so a hit costs no rendering and no compression.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `x-render-cache`: served from memory (hit), served once more while re-rendered (stale), rendered for it (miss), or not cacheable (bypass). */
export const RENDER_CACHE_HEADER = 'x-render-cache';

const brotliOptions = (bytes, quality) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });

/** A page's bytes as sent: the HTML and its compressed forms, with a strong ETag of the HTML. */
export async function encodePage(html) {
  const identity = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([brotli(identity, brotliOptions(identity, 6)), gzip(identity, { level: 6 })]);
  return { identity, br, gzip: gz, etag: `"${createHash('sha1').update(identity).digest('base64url')}"`, bytes: identity.length + br.length + gz.length };
}

/**
 * A page sent once (not kept) in one encoding, compressed whole in one synchronous call (brotli at the quality
 * @fastify/compress uses on the fly). Through @fastify/compress's stream, or zlib's callback API (a stream too), a
 * 110 KB page was seven chunks, each a round of stream and zlib callbacks: twice the CPU of one synchronous call
 * (0.37 against 0.17 ms for 130 KB of repetitive HTML, ~1 ms sync for the home page), most of it on the main thread,
 * which a page rendered with the cache off kept busy the most (CPU profile, 10 concurrent).
 */
export function encodeOnce(html, encoding) {
  const identity = Buffer.from(html, 'utf8');
  if (encoding === 'br') return zlib.brotliCompressSync(identity, brotliOptions(identity, 4));
  if (encoding === 'gzip') return zlib.gzipSync(identity, { level: 6 });
  return identity;
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding = '') {
  const accepted = new Map(
    String(acceptEncoding)
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([name]) => name)
      .map(([name, ...params]) => {
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return [name.trim().toLowerCase(), q ? Number(q.slice(2)) : 1];
      }),
  );
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * @param {{ fetchVersion: () => Promise<string>, freshMs?: number, maxEntries?: number, maxBytes?: number,
 *   versionMaxAgeMs?: number, now?: () => number, log?: (message: string) => void }} opts
 *   `fetchVersion`: the api's catalog version, asked for each page (concurrent pages share one call);
 *   `versionMaxAgeMs`: how long one answer may serve instead (0: none — a page asked for after a change is never from
 *   before it; more bounds the api's version calls to one per that many ms, and a change may take that long to show)
 */
export function createRenderCache(opts) {
  const { fetchVersion, freshMs = 30_000, maxEntries = 1_000, maxBytes = 128 * 1024 * 1024, versionMaxAgeMs = 0, now = Date.now, log = () => {} } = opts;
  const entries = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  /** Renders running, by key: concurrent requests for one page wait for one rendering. */
  const pending = new Map();
  const stats = { hit: 0, stale: 0, miss: 0, bypass: 0, versionErrors: 0 };
  let version = null;
  let versionAt = -Infinity;
  let versionCheck = null;
  /** The last version the api answered: while it does not answer, pages of that version are served as stale. */
  let lastKnown = null;
  let lastError = '';

  function currentVersion() {
    if (now() - versionAt < versionMaxAgeMs) return Promise.resolve(version);
    versionCheck ??= fetchVersion()
      .then((answer) => {
        version = String(answer);
        lastKnown = version;
        lastError = '';
        return version;
      })
      .catch((error) => {
        stats.versionErrors += 1;
        if (error.message !== lastError) log(`catalog version unavailable (${error.message}): rendered pages are not kept`);
        lastError = error.message;
        version = null;
        return null;
      })
      .finally(() => {
        versionAt = now();
        versionCheck = null;
      });
    return versionCheck;
  }

  const keyOf = (parts, v) => `${parts.build}\n${v}\n${parts.audience}\n${parts.url}`;

  /** Runs `produce` once for `key`; stores its page when it says so. */
  function start(key, produce) {
    const run = (async () => {
      try {
        const result = await produce();
        if (result.store && result.page) entries.set(key, { ...result.page, storedAt: now() });
        // rendered, but no longer a page to keep (moved: a redirect; an error): the kept one must not be served again
        else if (result.rendered) entries.delete(key);
        return result;
      } finally {
        pending.delete(key);
      }
    })();
    pending.set(key, run);
    return run;
  }

  return {
    /**
     * The page for `parts` ({ build, url, audience }), from memory or from `produce()`, which answers
     * `{ value, page?, store, rendered? }`: `page` (from `encodePage`, plus what the caller needs to send it) is kept
     * when `store`; `rendered` without `store` (the address answered, with nothing to keep) drops the kept page.
     * Answers `{ state, value?, page? }`: on `hit` and `stale` only `page` is set.
     */
    async get(parts, produce) {
      if (!parts.build) {
        stats.bypass += 1;
        return { state: 'bypass', ...(await produce()) };
      }
      const v = await currentVersion();
      if (v === null) {
        // the api does not answer: its last version's page, if kept, beats a page that cannot be rendered
        const last = lastKnown === null ? undefined : entries.get(keyOf(parts, lastKnown));
        if (last) {
          stats.stale += 1;
          return { state: 'stale', page: last };
        }
        stats.bypass += 1;
        return { state: 'bypass', ...(await produce()) };
      }
      const key = keyOf(parts, v);
      const stored = entries.get(key);
      if (stored && now() - stored.storedAt < freshMs) {
        stats.hit += 1;
        return { state: 'hit', page: stored };
      }
      if (stored) {
        stats.stale += 1;
        if (!pending.has(key)) start(key, produce).catch((error) => log(`re-render of ${parts.url} failed: ${error.message}`));
        return { state: 'stale', page: stored };
      }
      stats.miss += 1;
      const running = pending.get(key);
      const result = await (running ?? start(key, produce));
      return { state: 'miss', ...result };
    },
    /** Counters since start and the entries held. */
    stats: () => ({ ...stats, entries: entries.size, bytes: entries.calculatedSize, version }),
    /** Drops every page (tests, bench). */
    clear: () => entries.clear(),
  };
}
