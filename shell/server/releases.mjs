// The release pointers the shell server follows (issue 28): every RELEASES_POLL_MS it reads the registry's live
// builds (the api's GET /api/releases/live); /remotes.json, the pages' inlined remote list and the server renderer
// then name a released remote's immutable build (/<app>/<build-hash>/remoteEntry.js). An app with no release — every
// app of a fresh clone — is served exactly as configured. A failed read keeps the last known pointers.

/**
 * @param {{ apiUrl: string, env: string, pollMs: number, fetchImpl?: typeof fetch, log?: (message: string) => void }} opts
 */
export function createReleasePointers({ apiUrl, env, pollMs, fetchImpl = fetch, log = (message) => console.error(`[releases] ${message}`) }) {
  /** app folder → { release: { id, build_hash }, canary: { id, build_hash, percent } | null } */
  let live = {};
  let timer = null;
  let lastError = '';
  let polling = null;

  async function poll() {
    try {
      const res = await fetchImpl(`${apiUrl}/api/releases/live?env=${encodeURIComponent(env)}`, { signal: AbortSignal.timeout(1_500) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const next = (await res.json()).data ?? {};
      const moved = Object.entries(next).filter(([app, p]) => JSON.stringify(p) !== JSON.stringify(live[app]));
      const gone = Object.keys(live).filter((app) => !(app in next));
      for (const [app, p] of moved) log(`${app} follows ${p.release.build_hash}${p.canary ? ` (canary ${p.canary.build_hash} for ${p.canary.percent} %)` : ''}`);
      live = next;
      if (moved.length || gone.length) pointers.onChange?.([...moved.map(([app]) => app), ...gone]);
      lastError = '';
    } catch (error) {
      // logged when it changes: an api that is down is one line (before the api is up, nothing was released yet)
      const message = `cannot read the release pointers: ${error.cause?.code ?? error.message}`;
      if (message !== lastError && Object.keys(live).length) log(`${message} (keeping the last known)`);
      lastError = message;
    }
  }

  const refresh = () => (polling ??= poll().finally(() => (polling = null)));

  const pointers = {
    /** Called with the apps whose pointer moved (set by the server). */
    onChange: null,
    /** The live pointers last read. */
    live: () => live,
    /** Read the pointers now (tests, bench). */
    refresh,
    /** Polls every `pollMs`; resolves once the first read is done (or failed). */
    start() {
      if (timer || pollMs <= 0) return Promise.resolve();
      timer = setInterval(() => void refresh(), pollMs);
      timer.unref();
      return refresh();
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return pointers;
}

/**
 * The browser's canary bucket (0…99) from its `excursio_bucket` cookie, or null when it has none yet; the shell
 * server gives one to every browser it serves a page (sticky: the same browser stays on the same side of a canary).
 */
export const BUCKET_COOKIE = 'excursio_bucket';

export function bucketOf(cookieHeader) {
  const match = new RegExp(`(?:^|;\\s*)${BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(String(cookieHeader ?? ''));
  return match ? Number(match[1]) : null;
}

/** The bucket given to a browser that had none (this request's), set by `assignBucket`. */
const assigned = Symbol('excursio bucket');

/** A request's bucket: its cookie's, or the one just given to it. */
export const requestBucket = (request) => (request ? (bucketOf(request.headers?.cookie) ?? request[assigned] ?? null) : null);

/**
 * While a canary runs, a browser with no bucket gets one (random, for a year) with its page or its /remotes.json, so
 * it stays on one side of every canary. Nothing is set while no canary runs (nothing changes for a site without one).
 */
export function assignBucket(request, reply, live, { secure = false, random = Math.random } = {}) {
  if (request.method !== 'GET' || bucketOf(request.headers.cookie) !== null) return;
  if (!Object.values(live).some((p) => p.canary)) return;
  const pathname = request.url.split('?')[0];
  if (pathname !== '/remotes.json' && /\.[a-z0-9]+$/i.test(pathname)) return; // files: never a cookie
  const bucket = Math.floor(random() * 100);
  request[assigned] = bucket;
  reply.header('Set-Cookie', `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`);
}

/** The build a browser in `bucket` gets: the canary when its bucket falls in the canary's share, else the live one. */
export function buildFor(pointer, bucket) {
  if (pointer.canary && bucket !== null && bucket !== undefined && bucket < pointer.canary.percent) return pointer.canary.build_hash;
  return pointer.release.build_hash;
}
