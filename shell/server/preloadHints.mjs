// What the shell server writes into index.html per request: the inlined runtime settings and preload hints for the
// shell's chunks and the one remote owning the path (docs/architecture.md: Runtime composition). Never waits long for a remote.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MOUNTS, resolveMount } from '../src/features/mounts/mountTable.mjs';

/**
 * The remote owning a path, by the shell's own rule and mount table. A staff-only mount's remote is never hinted: the
 * page is the same for everyone until the browser knows who is signed in (the shell then loads it for staff only).
 */
export const remoteForPath = (pathname, mounts = MOUNTS) => {
  const mount = resolveMount(pathname, mounts);
  return mount && !mount.access ? mount.remote : null;
};

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON text that cannot close the <script> block it sits in. */
export const safeJsonText = (json) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
/** A value as JSON that cannot close the <script> block it sits in. */
export const inlineJson = (value) => safeJsonText(JSON.stringify(value));

const preload = (href, as) => `<link rel="preload" as="${as}" href="${escapeAttr(href)}">`;

/** Files of a build's manifest assets ({ js: { sync }, css: { sync } }) as preload tags under a base URL. */
function assetTags(assets, base) {
  const js = assets?.js?.sync ?? [];
  const css = assets?.css?.sync ?? [];
  return [...css.map((f) => preload(new URL(f, base).href, 'style')), ...js.map((f) => preload(new URL(f, base).href, 'script'))];
}

/**
 * The shell's entry script and its shared chunks, from its dist (read once: the dist does not change under us).
 * The entry comes first: as a deferred script the browser would otherwise fetch it at low priority, behind the
 * chunks preloaded after it, although nothing can start before it runs.
 */
export function shellSharedTags(distDir) {
  const read = (file) => {
    try {
      return readFileSync(path.join(distDir, file), 'utf8');
    } catch {
      return null;
    }
  };
  const entries = [...(read('index.html') ?? '').matchAll(/<script defer src="([^"]+)"/g)].map((m) => preload(m[1], 'script'));
  const manifestText = read('mf-manifest.json');
  if (!manifestText) return entries;
  const base = 'http://shell.invalid/';
  const shared = (JSON.parse(manifestText).shared ?? []).flatMap((s) => assetTags(s.assets, base)).map((tag) => tag.replace(base, '/'));
  // several shared modules may live in one chunk: one tag per file
  return [...new Set([...entries, ...shared])];
}

/**
 * `publicRemotes`: the list inlined into the page (no staff-only remote); `remotes`: every remote, for the hints.
 * @param {{ distDir: string, remotes: (request?: unknown) => Record<string, string>, publicRemotes?: (request?: unknown) => Record<string, string>, config: () => unknown, fetchImpl?: typeof fetch,
 *   ttlMs?: number, retryMs?: number, timeoutMs?: number, firstWaitMs?: number, now?: () => number }} opts
 */
export function createPreloadHints({
  distDir,
  remotes,
  publicRemotes = remotes,
  config,
  fetchImpl = fetch,
  ttlMs = 30_000,
  retryMs = 2_000,
  timeoutMs = 1_500,
  firstWaitMs = 300,
  now = Date.now,
}) {
  const shellTags = shellSharedTags(distDir);
  /** remote name → { entry, tags (null until a manifest was read), until, pending } */
  const cache = new Map();

  async function readRemote(entry) {
    const manifestUrl = new URL('mf-manifest.json', entry).href;
    const res = await fetchImpl(manifestUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`${manifestUrl}: HTTP ${res.status}`);
    const manifest = await res.json();
    const routes = (manifest.exposes ?? []).find((e) => e.name === 'routes' || e.path === './routes');
    // the connection to the remote's origin is opened first (its chunks are preloaded right after)
    const preconnect = `<link rel="preconnect" href="${escapeAttr(new URL(entry).origin)}">`;
    return [preconnect, preload(entry, 'script'), ...assetTags(routes?.assets, entry)];
  }

  /**
   * Tags for a remote. Known tags are served at once (refreshed in the background after the TTL); only while none
   * are known does a page wait for the manifest, and then at most `firstWaitMs`: the HTML never waits on a slow
   * remote for long. A failed read is retried after `retryMs`.
   */
  async function remoteTags(name, request) {
    const entry = remotes(request)[name];
    if (!entry) return [];
    // one slot per build address: a canary's browsers and the others alternate between two builds of one remote
    let slot = cache.get(entry);
    if (!slot) {
      for (const [key, old] of cache) if (old.name === name && key !== entry && cache.size > 16) cache.delete(key);
      cache.set(entry, (slot = { name, entry, tags: null, until: 0, pending: null }));
    }
    if (now() >= slot.until && !slot.pending) {
      const s = slot;
      s.pending = readRemote(entry)
        .then(
          (tags) => Object.assign(s, { tags, until: now() + ttlMs }),
          () => Object.assign(s, { until: now() + retryMs }),
        )
        .finally(() => (s.pending = null));
    }
    if (slot.tags) return slot.tags;
    if (slot.pending) await Promise.race([slot.pending, new Promise((r) => setTimeout(r, firstWaitMs))]);
    return slot.tags ?? [];
  }

  return {
    /**
     * The <head> additions for a request path. `pinned` (remote → web entry) points the page at the build of a remote
     * that rendered it on the server, so the browser hydrates with the same code. `request`: whose page it is (a
     * canary's browser gets the canary's build: shell/server/releases.mjs). `shell`: the shell build the page is made
     * of (a shell release, ./shellBuilds.mjs: its tags, and its build hash in the inlined settings; default: `distDir`).
     */
    async headFor(pathname, pinned = {}, request = undefined, shell = { hash: null, tags: shellTags }) {
      const remote = remoteForPath(pathname);
      const list = { ...publicRemotes(request), ...pinned };
      const runtime = `<script type="application/json" id="excursio-runtime">${inlineJson({ remotes: list, config: config(), ...(shell.hash ? { shell: shell.hash } : {}) })}</script>`;
      let tags = remote ? await remoteTags(remote, request) : [];
      if (remote && pinned[remote]) tags = tags.map((tag) => tag.replace(preload(remotes(request)[remote], 'script'), preload(pinned[remote], 'script')));
      return [runtime, ...shell.tags, ...tags].join('');
    },
  };
}

/**
 * index.html with the additions placed just before </head>. The stylesheet comes first (it blocks the first paint);
 * the entry script sits at the end of <body> (inject: 'body'), so its preload here is what the browser sees first
 * and fetches at high priority — a deferred script alone is fetched at low priority, behind the chunks.
 */
export const withHead = (html, extra) => html.replace('</head>', `${extra}</head>`);
