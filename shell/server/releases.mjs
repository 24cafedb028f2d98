// The release pointers the shell server follows (issue 28): every RELEASES_POLL_MS it reads the registry's live
// builds (the api's GET /api/releases/live); /remotes.json, the pages' inlined remote list and the server renderer
// then name a released remote's immutable build (/<app>/<build-hash>/remoteEntry.js). An app with no release — every
// app of a fresh clone — is served exactly as configured. A failed read keeps the last known pointers.

/** A file named by its content (`[name].[contenthash:8].js|css`, and its precompressed copies): the same name, the same bytes. */
export const CONTENT_NAMED = /\.[0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/;
/** The pool of content-named files of every build of an app (<store>/<app>/chunks/…): one address per file across releases. */
export const POOL = 'chunks';

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

/** The cookie holding a preview link's token after it was opened (shell/server/serve.mjs). */
export const PREVIEW_COOKIE = 'excursio_preview';
export const PREVIEW_PARAM = 'release_preview';

const cookieValue = (header, name) => new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9_.-]{1,500})(?:;|$)`).exec(String(header ?? ''))?.[1] ?? null;

/**
 * Preview links (the api signs them: GET /api/releases/preview?token): which release of which app a token opens, or
 * null (invalid, expired, the api unreachable). Answers are kept for a minute (never past the link's expiry).
 */
export function createPreviewCheck({ apiUrl, fetchImpl = fetch, now = Date.now }) {
  const known = new Map();
  return async function check(token) {
    if (!token) return null;
    const hit = known.get(token);
    if (hit && hit.until > now()) return hit.preview;
    let preview = null;
    let keepMs = 5_000;
    try {
      const res = await fetchImpl(`${apiUrl}/api/releases/preview?token=${encodeURIComponent(token)}`, { signal: AbortSignal.timeout(1_500) });
      if (res.ok) {
        preview = (await res.json()).data;
        keepMs = Math.min(60_000, Date.parse(preview.expires_at) - now());
      } else if (res.status === 404) keepMs = 60_000;
    } catch {
      // the api down: no preview now, asked again soon
    }
    if (known.size > 1000) known.clear();
    known.set(token, { preview, until: now() + keepMs });
    return preview;
  };
}

const previewed = Symbol('excursio preview');

/**
 * A request opening a preview link (`?release_preview=<token>`) gets the token as a cookie (until the link expires)
 * and is sent to the same address without it; a request with the cookie carries its preview (`requestPreview`).
 */
export async function applyPreview(request, reply, check, { secure = false } = {}) {
  if (request.method !== 'GET') return;
  const url = new URL(request.url, 'http://site.invalid');
  const opened = url.searchParams.get(PREVIEW_PARAM);
  if (opened) {
    const preview = await check(opened);
    if (!preview) return;
    url.searchParams.delete(PREVIEW_PARAM);
    const maxAge = Math.max(1, Math.floor((Date.parse(preview.expires_at) - Date.now()) / 1000));
    reply.header('Set-Cookie', `${PREVIEW_COOKIE}=${opened}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`${url.pathname}${url.search}`, 302);
  }
  const token = cookieValue(request.headers.cookie, PREVIEW_COOKIE);
  if (token) request[previewed] = await check(token);
}

/** The preview a request carries ({ app, build_hash, expires_at }), or null. */
export const requestPreview = (request) => (request?.[previewed] ?? null);

/** The live pointers with a preview's release in place of its app's (no canary: the previewer sees that build only). */
export const withPreview = (live, preview) => (preview ? { ...live, [preview.app]: { release: { id: 0, build_hash: preview.build_hash }, canary: null } } : live);
