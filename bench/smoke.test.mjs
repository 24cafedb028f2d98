// Smoke check of the bench (part of `npm test`, step 'bench'): one page, one api call, 200 realtime sockets, --quick, against a stack the
// bench starts itself from the production builds; the report must be well-formed. The whole run is bounded. The search
// measure is left out (it starts api processes of its own and seeds them): `npm run bench -- --search 10`.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT_MS ?? 150_000);

function runBench(args) {
  return new Promise((resolve, reject) => {
    // own process group, so that a timeout takes down flock, the bench, the api and Chromium together
    // one api call on the embedded database only: the PostgreSQL pass belongs to the full bench
    const { DATABASE_URL, ...env } = process.env;
    const child = spawn(process.execPath, [path.join(here, 'run.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`bench did not finish within ${TIMEOUT_MS} ms:\n${output.slice(-3000)}`));
    }, TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

test('npm run bench -- --quick writes a well-formed report for one page, one public and one signed-in api call', { timeout: TIMEOUT_MS + 10_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'excursio-bench-smoke-'));
  const out = path.join(dir, 'report.json');
  try {
    const { code, output } = await runBench(['--quick', '--no-build', '--pages', '/', '--api', 'cities,orders', '--realtime', '200', '--search', 'none', '--out', out]);
    assert.equal(code, 0, output.slice(-3000));
    const report = JSON.parse(readFileSync(out, 'utf8'));

    for (const key of ['machine', 'date', 'commit', 'pages', 'mfe', 'api', 'build', 'lighthouse', 'budgets']) assert.ok(key in report, key);
    assert.ok(isNum(report.machine.cpus) && isNum(report.machine.memoryGB) && report.machine.node.startsWith('v'));
    assert.ok(!Number.isNaN(Date.parse(report.date)));

    assert.deepEqual(Object.keys(report.pages), ['home']);
    const home = report.pages.home;
    assert.equal(home.path, '/');
    for (const k of ['jsKB', 'jsRequests', 'cssKB', 'imgKB', 'requests']) assert.ok(isNum(home[k]), k);
    // the first view loads no script (an anonymous visitor's page starts on intent); the first pointer move loads the app
    assert.equal(home.jsRequests, 0, 'no script before the visitor acts');
    assert.ok(home.started.jsKB > 0 && home.started.jsRequests > 0, 'the first move loads the shell');
    assert.ok(isNum(home.started.intentToLiveMs) && isNum(home.started.slowPhoneIntentToLiveMs), 'move → live timed, also on a slow phone');
    assert.ok(Array.isArray(home.remotes) && Array.isArray(home.singletonsTwice));
    // what the first view's JS is made of, from the builds' source maps
    assert.ok(home.jsMadeOf.some((r) => r.group === 'react-dom' && r.kb > 10), JSON.stringify(home.jsMadeOf));
    const attributed = home.jsMadeOf.reduce((sum, r) => sum + r.kb, 0);
    assert.ok(Math.abs(attributed - (home.jsKB + home.started.jsKB)) <= 1, `${attributed} of ${home.jsKB} + ${home.started.jsKB} KB attributed`);

    assert.deepEqual(Object.keys(report.mfe).sort(), ['mfe-auth', 'mfe-backoffice', 'mfe-catalog', 'mfe-notifications', 'mfe-partner-account', 'mfe-user-account', 'shell']);
    for (const m of Object.values(report.mfe)) assert.ok(isNum(m.initialGzipKB) && m.initialGzipKB > 0);
    // the back office's first view as the demo staff account: its remote's JavaScript, none on a public page
    const bo = report.backoffice;
    assert.equal(bo.path, '/backoffice');
    assert.ok(isNum(bo.jsKB) && bo.remoteJsKB > 0 && bo.remoteJsRequests > 0 && bo.jsKB > bo.remoteJsKB, 'the back office loads its own JavaScript');
    assert.equal(bo.publicPageRequests, 0);

    const lh = report.lighthouse.pages.home;
    for (const k of ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'ttiMs', 'benchmarkIndex']) assert.ok(isNum(lh[k]), `lighthouse ${k}`);
    assert.ok(isNum(report.lighthouse.static.home.lcpMs) && isNum(report.lighthouse.ratio.home.lcp));
    // the static copy Lighthouse compares us with is our page without its scripts: styled, its photos loaded
    assert.equal(report.lighthouse.staticCopy.home.same, true, JSON.stringify(report.lighthouse.staticCopy.home));

    const cities = report.api.pglite.cities;
    for (const k of ['requestsPerSec', 'p50Ms', 'p99Ms', 'non2xx', 'errors']) assert.ok(isNum(cities[k]), `api ${k}`);
    assert.ok(cities.requests > 0);
    // a signed-in call (the demo customer's orders): answered, all 2xx, with its own p99 budget
    const orders = report.api.pglite.orders;
    assert.equal(orders.signedIn, true);
    assert.ok(orders.requests > 0);
    assert.equal(orders.non2xx + orders.errors, 0, 'signed-in calls answer 200');
    assert.ok(report.budgets.some((b) => b.name.startsWith('api pglite orders (signed in): p99')));

    assert.equal(report.realtime.sockets, 200);
    for (const k of ['p50Ms', 'p95Ms', 'p99Ms']) assert.ok(isNum(report.realtime.latency[k]), `realtime ${k}`);
    assert.equal(report.realtime.lost, 0);
    // server rendering: the home page rendered on the server, and client-rendered (all 200) with the catalog down
    const rendered = report.ssr.rendered.home;
    assert.ok(rendered.pages > 0 && rendered.renderedOnServer === rendered.pages, JSON.stringify(rendered));
    for (const k of ['ttfbP50Ms', 'ttfbP95Ms', 'pagesPerSecond']) assert.ok(isNum(rendered[k]), `ssr ${k}`);
    assert.deepEqual(Object.keys(report.ssr['catalog down'].home.statuses), ['200']);
    // the rendered-page cache: every request renders with it off; a partner's price change reaches the HTML
    assert.ok(report.ssr['cache off'].home.renderedOnServer > 0);
    assert.ok(isNum(report.ssr.priceToHtml.ms), JSON.stringify(report.ssr.priceToHtml));
    assert.ok(isNum(report.realtime.apiRssMB.connected));
    assert.ok(report.budgets.some((b) => b.name.startsWith('realtime p95 at 200 sockets')));

    assert.ok(Array.isArray(report.budgets) && report.budgets.length >= 6);
    for (const b of report.budgets) {
      assert.equal(typeof b.name, 'string');
      assert.ok('limit' in b && 'value' in b);
      assert.equal(typeof b.pass, 'boolean');
    }
    assert.ok(report.budgets.some((b) => b.name.startsWith('home: JS transferred')));
    assert.ok(report.budgets.some((b) => b.name.startsWith('api pglite cities: p99')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
