// Server rendering of the release a request is pinned to (issue 28). The live build's renderer (./renderer.mjs) takes
// every request whose remotes list names the live build (and that gets the live shell); a browser on a canary's side,
// or one that opened a preview link, names another build of the remote or of the shell: its pages are rendered by a
// renderer of that pair, made on its first request (or when a canary starts: `prepare`). Such a renderer is one worker (the live one has SSR_WORKERS); at most `maxPinned` live
// at once, each ended after `idleMs` without a request or once its build became the live one. A request for yet
// another build while all are busy is answered `null` (its page comes client-rendered), as is every request while a
// new renderer warms up beyond the render budget.

/** A build's folder (the address a pinned entry and remoteEntry.js of one build share). */
const folderOf = (entry) => {
  try {
    return new URL('.', entry).href;
  } catch {
    return String(entry);
  }
};

/** A pair's key: the remote build's folder, and the shell release (none: the live one's, whatever it is). */
const keyOf = (entry, shell) => (shell ? `${folderOf(entry)} shell ${shell}` : folderOf(entry));

/**
 * @param {{ live: ReturnType<typeof import('./renderer.mjs').createRenderer>, liveEntry: () => string | undefined,
 *   entryFor: (request: unknown) => string | undefined, make: (entry: string, shell?: string | null) => ReturnType<typeof import('./renderer.mjs').createRenderer>,
 *   liveShell?: () => string | null, shellFor?: (request: unknown) => string | null,
 *   maxPinned?: number, idleMs?: number, busyMs?: number, sweepMs?: number, now?: () => number, log?: (message: string) => void }} opts
 *   `entryFor(request)`: the rendered remote's entry this request's remotes list names (its canary side, its preview);
 *   `make(entry, shell)`: a renderer of that build (with that shell release's render bundle); `liveShell()`: the live shell
 *   release (null: none), `shellFor(request)`: the one this request gets; `busyMs`: a renderer used within this long is
 *   never ended for another build
 */
export function createPinnedRenderers({
  live,
  liveEntry,
  entryFor,
  make,
  liveShell = () => null,
  shellFor = () => null,
  maxPinned = 2,
  idleMs = 600_000,
  busyMs = 60_000,
  sweepMs = 30_000,
  now = Date.now,
  log = (message) => console.error(`[ssr] ${message}`),
}) {
  /** build folder → { renderer, usedAt } */
  const pinned = new Map();

  const end = (folder, why) => {
    const slot = pinned.get(folder);
    if (!slot) return;
    pinned.delete(folder);
    log(`${live.remote} build at ${folder} no longer rendered apart (${why})`);
    void slot.renderer.close();
  };

  /** Whether a request's pair is the live one: its entry's build (or none) and its shell release. */
  const isLive = (entry, shell) => {
    const liveNow = liveEntry();
    return (!entry || !liveNow || folderOf(entry) === folderOf(liveNow)) && (shell ?? null) === liveShell();
  };
  const liveKey = () => keyOf(liveEntry() ?? '', liveShell());

  /** The renderer of `entry`'s build with `shell`: the live one, a pinned one (made now if need be), or null (none free). */
  function rendererOf(entry, shell = liveShell()) {
    if (isLive(entry, shell)) return live;
    entry ??= liveEntry();
    const folder = keyOf(entry, shell);
    let slot = pinned.get(folder);
    if (!slot) {
      if (pinned.size >= maxPinned) {
        const [oldest, idlest] = [...pinned.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
        if (now() - idlest.usedAt < busyMs) return null;
        end(oldest, 'another build needed its place');
      }
      slot = { renderer: make(entry, shell), usedAt: now() };
      pinned.set(folder, slot);
      log(`${live.remote} build at ${folder} rendered apart (a canary or a preview)`);
      slot.renderer.start();
    }
    slot.usedAt = now();
    return slot.renderer;
  }

  const sweep = setInterval(() => {
    const liveNow = liveKey();
    for (const [folder, slot] of pinned) {
      if (folder === liveNow) end(folder, 'it is the live build now');
      else if (now() - slot.usedAt > idleMs) end(folder, `no request in ${Math.round(idleMs / 1000)} s`);
    }
  }, sweepMs);
  sweep.unref();

  return {
    remote: live.remote,
    /** A page of the build the request is pinned to (`request`: the Fastify request), or null (client-rendered). */
    render(page, request) {
      const renderer = request ? rendererOf(entryFor(request), shellFor(request)) : live;
      return renderer ? renderer.render(page) : Promise.resolve(null);
    },
    /** The build that renders this request's pages (a kept page's key). */
    build: (request) => {
      if (!request) return live.build();
      const [entry, shell] = [entryFor(request), shellFor(request)];
      if (isLive(entry, shell)) return live.build();
      return pinned.get(keyOf(entry ?? liveEntry() ?? '', shell))?.renderer.build() ?? null;
    },
    /** Warm up a renderer of `entry`'s build (with `shell`, default the live one) before its first request (a canary just started). */
    prepare: (entry, shell) => void rendererOf(entry, shell),
    /** The builds rendered apart now (tests, health). */
    pinned: () => [...pinned.keys()],
    start: () => live.start(),
    readiness: () => live.readiness(),
    stats: () => ({ ...live.stats(), pinned: [...pinned.keys()] }),
    workerMemory: () => live.workerMemory(),
    refresh: () => live.refresh(),
    async close() {
      clearInterval(sweep);
      const slots = [...pinned.values()];
      pinned.clear();
      await Promise.allSettled([live.close(), ...slots.map((slot) => slot.renderer.close())]);
    },
  };
}
