// Server rendering for the shell server: which remote version renders, in which worker, and what happens when it
// cannot. The remote's mf-manifest.json is re-read every `versionTtlMs`; a new build (metaData.buildHash) starts a new
// worker generation, warms it up, sends new requests to it and ends the old one when its requests are answered.
// Every failure (remote down, slow, throwing; worker crash; budget spent) answers `null`: the caller serves the
// client-rendered page. Nothing here ever makes a request wait longer than `budgetMs`.
// Readiness (`start()`, `readiness()`): the first generation is warmed up as the server starts, retried every
// `retryMs` (doubling up to `versionTtlMs`) until it is warm; the server is ready once it is, or once `readyTimeoutMs`
// has passed or the remote answers with no manifest naming a server build (given up: pages come client-rendered, retries go on).
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workerFile = fileURLToPath(new URL('./worker.cjs', import.meta.url));

/**
 * What the server needs from a remote's manifest: the build, its Node entry, the web entry pinned to that build and
 * the stylesheets of its `./routes` (all of them: a page's HTML must be styled before any script runs).
 */
export function readBuild(manifest, entryUrl) {
  const meta = manifest?.metaData ?? {};
  if (typeof meta.buildHash !== 'string' || typeof meta.ssrRemoteEntry !== 'string') return null;
  const routes = (manifest.exposes ?? []).find((e) => e.name === 'routes' || e.path === './routes');
  const css = [...(routes?.assets?.css?.sync ?? []), ...(routes?.assets?.css?.async ?? [])];
  return {
    hash: meta.buildHash,
    ssrEntry: `${new URL(meta.ssrRemoteEntry, entryUrl).href}?v=${meta.buildHash}`,
    webEntry: new URL(typeof meta.pinnedRemoteEntry === 'string' ? meta.pinnedRemoteEntry : 'remoteEntry.js', entryUrl).href,
    css: css.map((file) => new URL(file, entryUrl).href),
  };
}

/** Top-level blocks of a stylesheet (rules, @media …), each with its nested braces. */
function cssBlocks(text) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out;
}

/**
 * The remote's stylesheets as one, each block once: a component's styles are copied into every page chunk that uses
 * it (the catalog's 15 files hold 94 KB, 35 KB of it distinct), and a page's HTML carries them inline.
 */
export function dedupeCss(texts) {
  return [...new Set(texts.flatMap(cssBlocks))].join('');
}

/**
 * @param {{ bundle: string | (() => { file: string | null, shell: string | null }), remote: string, entry: () => string, apiUrl: string, origin: string,
 *   fetchImpl?: typeof fetch, versionTtlMs?: number, budgetMs?: number, warmupMs?: number, workerMb?: number,
 *   workers?: number, readyTimeoutMs?: number, retryMs?: number, log?: (message: string) => void, now?: () => number }} opts
 *   `bundle`: the shell's render bundle, or the one of the shell build that renders now (`shell`: its release's build
 *   hash, null for shell/dist; a new one starts a new generation as a new remote build does: shell/server/shellBuilds.mjs);
 *   `remote`: the server-rendered remote's name; `entry()`: its web entry URL
 */
export function createRenderer(opts) {
  const {
    bundle,
    remote,
    entry,
    apiUrl,
    origin,
    fetchImpl = fetch,
    versionTtlMs = 10_000,
    budgetMs = 2_500,
    warmupMs = 15_000,
    workerMb = 256,
    workers = 1,
    readyTimeoutMs = 60_000,
    retryMs = 1_000,
    log = (message) => console.error(`[ssr] ${message}`),
    now = Date.now,
  } = opts;

  const shellBundle = typeof bundle === 'function' ? bundle : () => ({ file: bundle, shell: null });
  /** A generation's key: the remote's build and the shell's (a generation runs one of each). */
  const keyOf = (build, shell) => (shell.shell ? `${build.hash}+${shell.shell}` : build.hash);
  /** The generation taking requests: { build, shell, key, worker, css, pending: Map, stop } */
  let current = null;
  /** A generation being warmed up. */
  let starting = null;
  let checkedAt = -Infinity;
  let checking = null;
  let closed = false;
  let seq = 0;
  const stats = { rendered: 0, fallbacks: 0, generations: 0, retired: 0, lastFallback: '' };
  /** 'idle' (not started) → 'starting' → 'warm' (a generation took requests) or 'given-up' (→ 'warm' later). */
  let readiness = 'idle';
  /** The start-up's timers: the next retry and the give-up deadline. */
  const timers = new Set();
  /** The last check's failure was one no retry mends soon (the remote names no server build). */
  let lastCheckFinal = false;

  async function fetchText(url) {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(1_500) });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.text();
  }

  /** One worker of a generation: its own pending requests; ready once it rendered `/`. */
  function startWorker(generation) {
    const worker = new Worker(workerFile, {
      workerData: { bundle: generation.shell.file, remotes: { [remote]: generation.build.ssrEntry }, apiUrl, origin, timeoutMs: Math.max(500, budgetMs - 300), warmupTimeoutMs: Math.max(500, warmupMs - 1_000) },
      resourceLimits: { maxOldGenerationSizeMb: workerMb },
      stdout: false,
      stderr: false,
    });
    const slot = { worker, pending: new Map(), alive: true, ready: null };
    const settleAll = (reason) => {
      for (const resolve of slot.pending.values()) resolve({ kind: 'fallback', reason });
      slot.pending.clear();
    };
    const gone = () => {
      slot.alive = false;
      // a generation whose workers all died takes no more requests (the next check starts a new one)
      if (current === generation && generation.slots.every((s) => !s.alive)) {
        current = null;
        checkedAt = -Infinity;
      }
    };
    slot.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`warm-up took over ${warmupMs} ms`)), warmupMs);
      worker.on('message', (message) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (message.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(message.reason));
        } else if (message.type === 'result' || message.type === 'memory') {
          const done = slot.pending.get(message.id);
          slot.pending.delete(message.id);
          done?.(message.type === 'result' ? message.result : message.memory);
          if (generation.retired && slot.pending.size === 0) void worker.terminate();
        }
      });
      worker.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
        settleAll(`worker error: ${error.message}`);
        gone();
      });
      worker.on('exit', () => {
        settleAll('worker exited');
        gone();
      });
    });
    return slot;
  }

  /** A generation: `workers` render workers with the same build, each warmed up before the generation takes requests. */
  function startGeneration(build, shell, css) {
    const generation = { build, shell, key: keyOf(build, shell), css, slots: [], retired: false, ready: null };
    generation.slots = Array.from({ length: workers }, () => startWorker(generation));
    generation.ready = Promise.all(generation.slots.map((slot) => slot.ready));
    return generation;
  }

  const terminate = (generation) => Promise.allSettled(generation.slots.map((slot) => slot.worker.terminate()));

  function retire(generation) {
    generation.retired = true;
    stats.retired += 1;
    for (const slot of generation.slots) if (slot.pending.size === 0) void slot.worker.terminate();
  }

  /** Re-read the remote's manifest; a new build gets a warmed-up generation before it takes requests. */
  async function check() {
    const entryUrl = entry();
    const manifestUrl = new URL('mf-manifest.json', entryUrl).href;
    const res = await fetchImpl(manifestUrl, { signal: AbortSignal.timeout(1_500) });
    // the remote answered, but with no manifest naming a server build: a setting to fix, not a moment to wait out
    const final = (message) => Object.assign(new Error(`${remote}: ${message}`), { final: true });
    if (res.status >= 400 && res.status < 500) throw final(`${manifestUrl}: HTTP ${res.status}`);
    if (!res.ok) throw new Error(`${manifestUrl}: HTTP ${res.status}`);
    const text = await res.text();
    let manifest;
    try {
      manifest = JSON.parse(text);
    } catch {
      throw final(`${manifestUrl} is not JSON`);
    }
    const build = readBuild(manifest, entryUrl);
    if (!build) throw final('its manifest names no server build');
    const shell = shellBundle();
    if (!shell.file) throw final(`the shell build ${shell.shell ?? 'shell/dist'} has no render bundle`);
    const key = keyOf(build, shell);
    // the same build at another address (its release folder, issue 28): the same code, pages now name that address
    if (current?.key === key) return void (current.build = build);
    if (starting?.key === key) return;
    const css = dedupeCss(await Promise.all(build.css.map(fetchText)));
    const generation = startGeneration(build, shell, css);
    starting = generation;
    try {
      await generation.ready;
    } catch (error) {
      void terminate(generation);
      throw error;
    } finally {
      if (starting === generation) starting = null;
    }
    if (closed) return void terminate(generation);
    const old = current;
    current = generation;
    readiness = 'warm';
    stats.generations += 1;
    log(`${remote} build ${generation.key} renders pages${old ? ` (was ${old.key})` : ''}`);
    if (old) retire(old);
  }

  function refresh() {
    if (checking || closed || now() - checkedAt < versionTtlMs) return checking;
    checkedAt = now();
    checking = check()
      .then(() => {
        lastCheckFinal = false;
      })
      .catch((error) => {
        lastCheckFinal = Boolean(error.final);
        log(`${remote}: ${error.message}`);
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  const later = (fn, ms) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  function giveUp(reason) {
    if (readiness !== 'starting') return;
    readiness = 'given-up';
    log(`ready without rendering (${reason}): pages come client-rendered until ${remote} can be rendered`);
  }

  /** Warm up the first generation now, not at the first request; retry until one is warm. */
  function start() {
    if (readiness !== 'idle' || closed) return;
    readiness = 'starting';
    later(() => giveUp(`no warm generation in ${readyTimeoutMs} ms`), readyTimeoutMs);
    let delay = retryMs;
    const attempt = async () => {
      checkedAt = -Infinity;
      await refresh();
      if (closed || current) return;
      if (lastCheckFinal) giveUp(`${remote} names no server build`);
      later(attempt, delay);
      delay = Math.min(delay * 2, Math.max(retryMs, versionTtlMs));
    };
    void attempt();
  }

  /** To the generation's live worker with the fewest requests in hand. */
  function ask(generation, message) {
    const slot = generation.slots.filter((s) => s.alive).sort((a, b) => a.pending.size - b.pending.size)[0];
    if (!slot) return Promise.resolve({ kind: 'fallback', reason: 'no render worker is alive' });
    return new Promise((resolve) => {
      const id = ++seq;
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ ...message, id });
    });
  }

  const fallback = (reason) => {
    stats.fallbacks += 1;
    // logged when the reason changes: a remote that stays down is one line, not one per request
    if (reason !== stats.lastFallback) log(`client-rendered page: ${reason}`);
    stats.lastFallback = reason;
    return null;
  };

  return {
    /** The remote whose pages this renders. */
    remote,
    /**
     * A page rendered on the server, or null (serve the client-rendered page).
     * @returns {Promise<null | { kind: 'page', status: number, head: string, html: string, data: string, css: string, webEntry: string, build: string, shell: string | null }
     *   | { kind: 'redirect', status: number, location: string } | { kind: 'client' }>}  `client`: a page its remote keeps to the browser
     */
    async render(request) {
      const started = now();
      const pendingCheck = refresh();
      // the first requests wait for the first generation, within the budget
      if (!current && pendingCheck) await Promise.race([pendingCheck, new Promise((r) => setTimeout(r, budgetMs).unref())]);
      const generation = current;
      if (!generation) return fallback('no render worker is ready');
      const left = budgetMs - (now() - started);
      let timer;
      const result = await Promise.race([
        ask(generation, { type: 'render', request }),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve({ kind: 'fallback', reason: `no page in ${budgetMs} ms` }), Math.max(0, left));
        }),
      ]);
      clearTimeout(timer);
      if (result.kind === 'fallback') return fallback(result.reason);
      stats.rendered += 1;
      if (result.kind === 'redirect' || result.kind === 'client') return result;
      // `shell`: the shell release whose render bundle made the page (its template and scripts go with it)
      return { ...result, css: generation.css, webEntry: generation.build.webEntry, build: generation.build.hash, shell: generation.shell.shell };
    },
    /** Start warming up the first generation (the server calls it as it starts). */
    start,
    /**
     * The build of the generation taking requests (null while none is warm): a rendered page's cache key. Asking it
     * counts as a request for the version check (at most once per `versionTtlMs`, not awaited): pages served from the
     * render cache never call render(), and without this a rebuilt remote reached the HTML only when the kept page
     * went stale (28 s in the e2e journey, with a 5 s check).
     */
    build: () => {
      void refresh();
      return current?.key ?? null;
    },
    /** 'idle' | 'starting' | 'warm' | 'given-up': the server is ready to take traffic unless 'idle' or 'starting'. */
    readiness: () => readiness,
    /** Renders, fallbacks, generations started and retired, and the current build. */
    stats: () => ({ ...stats, build: current?.build.hash ?? null, shell: current?.shell.shell ?? null }),
    /** The current worker's memory (process.memoryUsage() inside the worker). */
    async workerMemory() {
      return current ? ask(current, { type: 'memory' }) : null;
    },
    /** Check the remote's version now (tests, bench). */
    refresh: () => {
      checkedAt = -Infinity;
      return refresh();
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([current && terminate(current), starting && terminate(starting)]);
      current = null;
    },
  };
}

export const shellRenderBundle = (shellDir) => path.join(shellDir, 'dist-server', 'render.cjs');
