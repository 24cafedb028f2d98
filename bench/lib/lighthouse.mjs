// Lighthouse (mobile defaults, performance only) through its CLI, N runs per URL, median by score.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { CHROME_FLAGS, CHROME_PATH } from './browser.mjs';

const require = createRequire(import.meta.url);
const lighthouseCli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');

function runOnce(url, outFile, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    const args = [
      lighthouseCli,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outFile}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ];
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`lighthouse ${url} exited ${code}: ${stderr.slice(-500)}`));
    });
  });
}

const pick = (lhr) => {
  const a = lhr.audits;
  const num = (id, digits = 0) => (a[id]?.numericValue === undefined ? null : Number(a[id].numericValue.toFixed(digits)));
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift', 3),
    siMs: num('speed-index'),
    ttiMs: num('interactive'),
    // Lighthouse's own measure of the machine's speed (a fixed JS loop; higher is faster): figures of machines whose
    // index differs by much are not comparable, and TBT grows as it falls
    benchmarkIndex: lhr.environment?.benchmarkIndex === undefined ? null : Math.round(lhr.environment.benchmarkIndex),
    runtimeError: lhr.runtimeError?.message ?? null,
    // what to look at when a budget fails: the LCP element and the largest layout shifts
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    shifts: (a['layout-shifts']?.details?.items ?? []).slice(0, 3).map((i) => ({ score: Number((i.score ?? 0).toFixed(3)), node: i.node?.snippet ?? null })),
  };
};

const median = (values) => {
  const v = values.filter((x) => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : Number(((v[mid - 1] + v[mid]) / 2).toFixed(3));
};

/**
 * A server-rendered page kept fresh in the shell's render cache before Lighthouse loads it, and the servers idle: asked
 * for until the cache answers `hit` (a `stale` answer has the page rendered again behind it), then a pause. Our servers
 * share this machine's two cores with Lighthouse's Chromium, which a visitor's phone does not: a page 30 s old (the cache's
 * freshness) was rendered again, api queries included, while Chromium laid it out, and the excursion page's TBT was
 * 109 ms (64–258, 7 runs) unprimed against 42 ms (13–58) primed, the same HTML as a static file 44. The server's own time
 * is measured apart (the TTFB budgets, cache cold and warm).
 */
export async function primeRendered(url, { tries = 10, settleMs = 500 } = {}) {
  for (let i = 0; i < tries; i++) {
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    const cache = res.headers.get('x-render-cache');
    // not cached at all (no render cache, a client-rendered page): nothing to wait for
    if (cache === 'hit' || cache === null || cache === 'bypass') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, settleMs));
}

/**
 * Median of each metric over `runs` Lighthouse runs of each URL (each metric taken separately), in the URLs' order;
 * `before[n]` runs before each run of `urls[n]` (primeRendered for our pages). They take turns
 * (a, b, a, b…): a page and its static copy are compared under the same load of the machine, whose speed drifts by half
 * within minutes here (Lighthouse's CPU index 1,039–2,119 in one bench), which one block of runs after the other did not.
 */
export async function lighthouse(urls, runs, { before = [] } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'excursio-lh-'));
  const results = urls.map(() => []);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [n, url] of urls.entries()) {
        const file = path.join(dir, `run${i}-${n}.json`);
        await before[n]?.(url);
        await runOnce(url, file);
        results[n].push(pick(JSON.parse(await readFile(file, 'utf8'))));
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return results.map((r) => summarise(r, runs));
}

/**
 * The medians, and each run's TBT, LCP and CPU index in run order: what to look at when a median of small figures moves
 * (TBT counts only the part of each task over 50 ms, so one task crossing that line moves a run by tens of ms).
 */
export function summarise(results, runs) {
  const out = { runs };
  for (const key of ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'siMs', 'ttiMs', 'benchmarkIndex']) out[key] = median(results.map((r) => r[key]));
  out.perRun = Object.fromEntries(['tbtMs', 'lcpMs', 'benchmarkIndex'].map((key) => [key, results.map((r) => r[key])]));
  out.lastRun = { lcpElement: results.at(-1)?.lcpElement ?? null, shifts: results.at(-1)?.shifts ?? [] };
  const errors = results.map((r) => r.runtimeError).filter(Boolean);
  if (errors.length) out.errors = errors;
  return out;
}
