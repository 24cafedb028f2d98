// `npm run bench`: load weight, Lighthouse (+ the static limit), per-app bundle sizes, api latency and build time,
// checked against the budgets; writes bench/report.json and prints a Markdown table. `--help` lists the options.
import path from 'node:path';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, usage } from './lib/args.mjs';
import { budgets, markdown } from './lib/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
}
if (opts.help) {
  console.log(usage);
  process.exit(0);
}

// Only one stack may listen on :3000–3005/:8080: hold the e2e lock while ours runs (re-exec under flock).
if (!opts.url && !process.env.EXCURSIO_BENCH_LOCKED) {
  const res = spawnSync('flock', ['-w', '900', '/tmp/e2e.lock', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, EXCURSIO_BENCH_LOCKED: '1' },
  });
  if (res.error) {
    console.error(`flock unavailable (${res.error.message}); run with --url or set EXCURSIO_BENCH_LOCKED=1`);
    process.exit(2);
  }
  process.exit(res.status ?? 1);
}

const log = (msg) => console.log(`› ${msg}`);
// the api logs every request at info level; under autocannon that is tens of thousands of lines: keep warnings only
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) =>
  /^\[api(:pg)?\] \{"level":30,/.test(String(chunk)) ? true : write(chunk, ...rest);
const commit = () => {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).stdout?.trim();
  return r.status === 0 ? `${r.stdout.trim()}${dirty ? '-dirty' : ''}` : 'unknown';
};

const report = {
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  date: new Date().toISOString(),
  commit: commit(),
  options: { quick: opts.quick, url: opts.url ?? null, pages: opts.pages, api: opts.api, lighthouseRuns: opts.lighthouseRuns, apiSeconds: opts.apiSeconds, realtime: opts.realtime, ssr: opts.ssr, ssrMemory: opts.ssrMemory, search: opts.search, searchScale: opts.searchScale, topology: opts.topology },
  pages: {},
  mfe: {},
  api: {},
  search: { skipped: true },
  realtime: { skipped: true },
  ssr: { skipped: true },
  build: { skipped: true },
  lighthouse: { pages: {}, static: {}, ratio: {} },
  budgets: [],
};

let stack;
let staticSite;
const cleanup = async () => {
  await staticSite?.close().catch(() => {});
  staticSite = undefined;
  await stack?.stop().catch(() => {});
  stack = undefined;
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void cleanup().then(() => process.exit(130)));

try {
  if (opts.build) {
    log('clean production build');
    report.build = await (await import('./lib/build.mjs')).measureBuild();
  }
  let shellUrl = opts.url;
  let apiUrl = opts.apiUrl;
  if (!shellUrl) {
    log('starting the stack (production builds, fresh embedded database)');
    const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'excursio-bench-'));
    const { startStack } = await import('../scripts/stack.mjs');
    const { DATABASE_URL, ...env } = process.env;
    stack = await startStack({ ...env, PGLITE_DIR: pgliteDir, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' });
    const stop = stack.stop;
    stack.stop = async () => {
      await stop();
      rmSync(pgliteDir, { recursive: true, force: true });
    };
    shellUrl = stack.url;
    apiUrl ??= `http://127.0.0.1:${env.API_PORT ?? 8080}`;
  }
  apiUrl ??= shellUrl;

  const { measureMfe } = await import('./lib/mfe.mjs');
  log('bundle sizes per app');
  report.mfe = await measureMfe();

  if (opts.pages.length) {
    log('the back office: first view of the staff dashboard (cold cache)');
    const { measureBackoffice } = await import('./lib/backoffice.mjs');
    report.backoffice = await measureBackoffice(shellUrl);
  }

  if (opts.pages.length) {
    const { resolvePages, measurePages } = await import('./lib/pages.mjs');
    const paths = await resolvePages(shellUrl, opts.pages);
    log(`pages in Chromium (cold cache): ${Object.values(paths).join(', ')}`);
    const { pages, statics } = await measurePages(shellUrl, paths, { capture: opts.lighthouse });
    const { attributeJs, frameworkShare } = await import('./lib/jsAttribution.mjs');
    for (const page of Object.values(pages)) {
      page.jsMadeOf = await attributeJs(page.jsFiles);
      Object.assign(page, frameworkShare(page.jsMadeOf));
    }
    report.pages = pages;
    if (opts.lighthouse) {
      const { lighthouse, primeRendered } = await import('./lib/lighthouse.mjs');
      const { serveStatic, checkStaticCopies } = await import('./lib/staticLimit.mjs');
      staticSite = await serveStatic(statics, { apiUrl });
      report.lighthouse.staticCopy = await checkStaticCopies(
        Object.fromEntries(Object.entries(paths).map(([key, p]) => [key, `${shellUrl}${p}`])),
        staticSite.urls,
      );
      for (const [key, p] of Object.entries(paths)) {
        log(`Lighthouse ×${opts.lighthouseRuns}: ${p} and its static copy`);
        const [ours, flat] = await lighthouse([`${shellUrl}${p}`, staticSite.urls[key]], opts.lighthouseRuns, { before: [primeRendered] });
        // no ratio to a static page that blocked for 0 ms (TBT counts only the part of a task over 50 ms)
        const ratio = (a, b) => (a === null || b === null || b <= 0 ? null : Math.round((a / b) * 100) / 100);
        report.lighthouse.pages[key] = ours;
        report.lighthouse.static[key] = flat;
        report.lighthouse.ratio[key] = { lcp: ratio(ours.lcpMs, flat.lcpMs), tbt: ratio(ours.tbtMs, flat.tbtMs) };
      }
      await staticSite.close();
      staticSite = undefined;
    }
  }

  if ((opts.ssr > 0 || opts.ssrMemory) && opts.pages.length && !opts.url) {
    const { resolvePages } = await import('./lib/pages.mjs');
    const { measureSsr, measureSsrMemory, measurePriceToHtml } = await import('./lib/ssr.mjs');
    const paths = await resolvePages(shellUrl, opts.pages);
    const { DATABASE_URL, ...env } = process.env;
    report.ssr = opts.ssr > 0 ? await measureSsr(paths, { seconds: opts.ssr, env, log }) : {};
    if (opts.ssr > 0) {
      log('server rendering: a partner’s price change → the server’s HTML');
      report.ssr.priceToHtml = await measurePriceToHtml({ shellUrl, apiUrl });
    }
    if (opts.ssrMemory) {
      log('server rendering: 10,000 renders and 20 generation swaps');
      report.ssr.memory = await measureSsrMemory({ apiUrl, log });
    }
  }

  if (opts.releases) {
    log('releases: release → first page, rollback → first page, a returning visitor\'s bytes (bench/releases.mjs)');
    const run = spawnSync(process.execPath, [path.join(here, 'releases.mjs'), '--offset', '20000'], { cwd: repoRoot, stdio: 'inherit' });
    const { readFileSync } = await import('node:fs');
    report.releases = run.status === 0 ? JSON.parse(readFileSync(path.join(here, 'releases-report.json'), 'utf8')) : { failed: run.status };
  }

  if (opts.topology) {
    log('topology: 2 api + 2 shell servers behind HAProxy on PostgreSQL and Redis (bench/topology.mjs)');
    const run = spawnSync(process.execPath, [path.join(here, 'topology.mjs'), ...(opts.quick ? ['--seconds', '3'] : [])], { cwd: repoRoot, stdio: 'inherit' });
    const { readFileSync } = await import('node:fs');
    const written = run.status === 0 ? JSON.parse(readFileSync(path.join(here, 'report.json'), 'utf8')).topologyBench : undefined;
    report.topologyBench = written ?? { failed: run.status };
  }

  if (opts.api.length) {
    const { measureApi, withPostgresApi } = await import('./lib/api.mjs');
    log(`api, 50 connections × ${opts.apiSeconds} s per call, PGlite`);
    report.api.pglite = await measureApi(apiUrl, opts.api, opts.apiSeconds);
    if (process.env.DATABASE_URL) {
      log('api on PostgreSQL (DATABASE_URL)');
      report.api.postgres = await withPostgresApi(process.env.DATABASE_URL, (url) => measureApi(url, opts.api, opts.apiSeconds));
    } else {
      report.api.postgres = { skipped: 'DATABASE_URL is not set' };
    }
  }
  if (opts.search > 0) {
    // its own api processes with the catalog cache off (each request a different query), and the index build
    const { measureSearch } = await import('./lib/search.mjs');
    report.search = await measureSearch({ seconds: opts.search, scale: opts.searchScale, log });
  }
  if (opts.realtime > 0) {
    // its own api process (the stack's shares the CPU with Chromium): N sockets, events through the HTTP API
    const { measureRealtime } = await import('./lib/realtime.mjs');
    log(`realtime: ${opts.realtime} sockets on private channels, events published through the api`);
    report.realtime = await measureRealtime({ sockets: opts.realtime, log });
  }
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  await cleanup();
  process.exit(1);
}
await cleanup();

report.budgets = budgets(report);
// the back office is never part of a public page (issue 27)
if (report.backoffice) {
  const { publicPageRequests: value } = report.backoffice;
  report.budgets.push({ name: 'back office: requests of a public page to its remote', limit: 0, value, pass: value === 0 });
}
if (report.topologyBench?.budgets) report.budgets.push(...report.topologyBench.budgets);
if (!report.ssr.skipped) report.budgets.push(...(await import('./lib/ssr.mjs')).ssrBudgets(report.ssr));
if (!report.search.skipped) report.budgets.push(...(await import('./lib/search.mjs')).searchBudgets(report.search));
if (!report.realtime.skipped) {
  const { realtimeBudgets } = await import('./lib/realtime.mjs');
  report.budgets.push(...realtimeBudgets(report.realtime));
}
const out = path.resolve(opts.out ?? path.join(here, 'report.json'));
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
const realtimeTable = report.realtime.skipped ? '' : `\n\n### Realtime\n\n${(await import('./lib/realtime.mjs')).realtimeMarkdown(report.realtime)}`;
const searchTable = report.search.skipped ? '' : `\n\n### Search\n\n${(await import('./lib/search.mjs')).searchMarkdown(report.search)}`;
const ssrTable = report.ssr.skipped ? '' : `\n\n### Server rendering\n\n${(await import('./lib/ssr.mjs')).ssrMarkdown(report.ssr)}`;
console.log(`\n${markdown(report)}${realtimeTable}${ssrTable}${searchTable}\n\nreport: ${path.relative(process.cwd(), out) || out}`);
const failed = report.budgets.filter((b) => !b.pass);
if (failed.length) console.log(`${failed.length} budget(s) failed${opts.strict ? '' : ' (use --strict to fail the run)'}`);
process.exit(opts.strict && failed.length ? 1 : 0);
