// The releases benchmark (issue 28): how long `npm run release` takes to reach the first page the server renders from
// the new release, how long a rollback takes to reach the first page from the old one, the bytes a returning visitor
// downloads after a release that changed one page of one remote, what a tab open on the old release does on its next
// click (moved in place: its time and bytes), and what a canary costs the server renderer (its first server-rendered
// canary page, the memory of its render worker).
//   node bench/releases.mjs [--offset 30000]      (its own api, remotes and shell on the ports moved by --offset)
// The catalog is copied beside (bench/.releases-work), rebuilt with one changed heading and released from there.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apps } from '../shell/server/apps.mjs';
import { launchBrowser } from './lib/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { offset: { type: 'string', default: '30000' } } });
const offset = Number(values.offset);
const at = (base) => base + offset;
const work = path.join(root, 'bench', '.releases-work');
const copy = path.join(work, 'mfe-catalog');
const store = path.join(work, 'store');
const ENV = `bench-${Date.now().toString(36)}`;
const TOKEN = 'bench-release-token-0123456789abcdef0123456789';
const SHELL = `http://localhost:${at(3000)}`;
const API = `http://127.0.0.1:${at(8080)}`;
const log = (message) => console.log(`› ${message}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const ports = Object.fromEntries(apps.map((a) => [`${a.dir.replace(/-/g, '_').toUpperCase()}_PORT`, String(at(a.port))]));
const serverEnv = {
  ...process.env,
  ...ports,
  API_PORT: String(at(8080)),
  FRONTEND_ORIGINS: [SHELL, ...apps.filter((a) => !a.host).map((a) => `http://localhost:${at(a.port)}`)].join(','),
  RELEASES_DIR: store,
  RELEASE_ENV: ENV,
  REMOTE_CATALOG_URL: `http://localhost:${at(3001)}/remoteEntry.js`,
};

/** The server's HTML of /excursion/cities for a browser in canary bucket `bucket`: its heading when rendered on the server. */
async function renderedHeading(bucket) {
  const res = await fetch(`${SHELL}/excursion/cities`, { headers: { cookie: `excursio_bucket=${bucket}` } });
  const html = await res.text();
  return res.headers.get('x-rendered-by') ? h1Of(html) : '';
}

const h1Of = (html) => (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').trim();
const heading = async () => h1Of(await (await fetch(`${SHELL}/excursion/cities`)).text());

/** `npm run release -- …` against this run's api and store; its output. */
function release(...args) {
  return execFileSync(process.execPath, [path.join(root, 'scripts/release.mjs'), ...args, '--env', ENV], {
    env: { ...process.env, RELEASES_DIR: store, RELEASE_API_URL: API, RELEASE_TOKEN: TOKEN, RELEASE_ACTOR: 'bench' },
    encoding: 'utf8',
  });
}

/** Milliseconds from now until the server's HTML of /excursion/cities has `expected` as its heading. */
async function untilHeading(expected, started, limitMs = 60_000) {
  while (Date.now() - started < limitMs) {
    if ((await heading().catch(() => '')) === expected) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`no «${expected}» in the server's HTML within ${limitMs} ms`);
}

const PAGES = ['/', '/excursion/cities', '/excursion'];

/** Visits the pages in one browser context (its HTTP cache kept): bytes over the network, by origin. */
async function visit(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const bytes = {};
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (!url) return;
    const { port, pathname } = new URL(url);
    const key = port === String(at(3001)) ? 'catalog' : pathname.startsWith('/api/') ? 'api' : port === String(at(3000)) ? 'shell' : 'other remotes';
    bytes[key] = (bytes[key] ?? 0) + e.encodedDataLength;
  });
  for (const address of PAGES) {
    await page.goto(`${SHELL}${address}`, { waitUntil: 'networkidle' });
    // the visitor acts: a rendered page starts its scripts then (shell/server/startOnIntent.mjs)
    await page.mouse.move(300, 300);
    await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 15_000 }).catch(() => undefined);
  }
  await page.close();
  return bytes;
}

const kb = (n) => `${((n ?? 0) / 1024).toFixed(1)} KB`;

let api;
const servers = [];
try {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const item of ['src', 'package.json', 'tsconfig.json', 'rspack.config.mjs', 'dist']) cpSync(path.join(root, 'mfe-catalog', item), path.join(copy, item), { recursive: true });
  symlinkSync(path.join(root, 'scripts'), path.join(work, 'scripts'));
  log(`api on :${at(8080)} (a new embedded database, seeded)`);
  api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'api'),
    env: { ...serverEnv, PORT: String(at(8080)), APP_ENV: 'development', LOG_LEVEL: 'warn', PGLITE_DIR: mkdtempSync(path.join(tmpdir(), 'bench-releases-')), RELEASE_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600 && !(await fetch(`${API}/api/health`).then((r) => r.ok, () => false)); i += 1) await sleep(500);
  release('mfe-catalog', '--from', path.join(copy, 'dist'));
  const { serveApp } = await import('../shell/server/serve.mjs');
  for (const app of apps) servers.push((await serveApp(app.dir, serverEnv)).server);
  for (let i = 0; i < 600 && (await fetch(`${SHELL}/ready`).then((r) => r.status, () => 0)) !== 200; i += 1) await sleep(250);
  await untilHeading('Города', Date.now());

  const browser = await launchBrowser();
  const context = await browser.newContext();
  const first = await visit(context);
  const again = await visit(context);

  // a tab left open on release A (its own browser context: what it downloads when it moves is counted apart)
  const tabContext = await browser.newContext();
  const tab = await tabContext.newPage();
  await tab.goto(`${SHELL}/`, { waitUntil: 'networkidle' });
  await tab.mouse.move(300, 300);
  await tab.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 15_000 });
  await tab.evaluate(() => Object.assign(window, { benchTab: 'A' }));

  const source = path.join(copy, 'src/features/cities/CitiesPage.tsx');
  writeFileSync(source, readFileSync(source, 'utf8').replace('heading="Города"', 'heading="Города и курорты"'));
  let started = Date.now();
  execFileSync(process.execPath, [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], { cwd: copy, stdio: 'ignore' });
  const buildMs = Date.now() - started;
  started = Date.now();
  release('mfe-catalog', '--from', path.join(copy, 'dist'));
  const commandMs = Date.now() - started;
  const releaseMs = await untilHeading('Города и курорты', started);
  log(`release command ${commandMs} ms; the first page rendered from the new release ${releaseMs} ms after it started`);
  const afterRelease = await visit(context);

  // the open tab's next click: the catalog moves to the new release in place (no page load) — time and bytes
  const tabCdp = await tabContext.newCDPSession(tab);
  await tabCdp.send('Network.enable');
  let switchBytes = 0;
  let documents = 0;
  tabCdp.on('Network.loadingFinished', (e) => (switchBytes += e.encodedDataLength));
  tab.on('request', (r) => (documents += r.resourceType() === 'document' ? 1 : 0));
  started = Date.now();
  await tab.getByRole('banner').getByRole('link', { name: 'Города', exact: true }).click();
  await tab.locator('h1', { hasText: 'Города и курорты' }).waitFor({ timeout: 20_000 });
  const switchMs = Date.now() - started;
  await tab.waitForLoadState('networkidle');
  const inPlace = documents === 0 && (await tab.evaluate(() => window.benchTab)) === 'A';
  log(`open tab → the new release's page on its next click: ${switchMs} ms, ${kb(switchBytes)}, ${inPlace ? 'in place' : 'with a page load'}`);
  await tabContext.close();

  started = Date.now();
  release('rollback', 'mfe-catalog');
  const rollbackMs = await untilHeading('Города', started);
  log(`rollback → the first page from the old release: ${rollbackMs} ms`);

  // a canary of the new release: its browsers' pages are rendered by a render worker of its build
  const rssBefore = process.memoryUsage().rss;
  started = Date.now();
  release('mfe-catalog', '--from', path.join(copy, 'dist'), '--canary', '50');
  let canaryRenderMs = null;
  while (Date.now() - started < 60_000) {
    if ((await renderedHeading(0).catch(() => '')) === 'Города и курорты') {
      canaryRenderMs = Date.now() - started;
      break;
    }
    await sleep(100);
  }
  if (canaryRenderMs === null) throw new Error('no server-rendered canary page within 60 s');
  const stableHeading = await renderedHeading(99);
  const canaryRssMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  log(`canary → its first page rendered on the server: ${canaryRenderMs} ms (the others: «${stableHeading}»); the server's memory +${canaryRssMb.toFixed(0)} MB`);
  await browser.close();

  const rows = [
    ['catalog build (rspack, one page changed)', `${(buildMs / 1000).toFixed(1)} s`, '—'],
    ['release command → first page rendered from the new release', `${(releaseMs / 1000).toFixed(1)} s`, '≤ 15 s'],
    ['rollback → first page rendered from the old release', `${(rollbackMs / 1000).toFixed(1)} s`, '≤ 10 s'],
    [`a tab open on the old release: click → the new release's page (${inPlace ? 'in place' : 'page load'})`, `${(switchMs / 1000).toFixed(1)} s, ${kb(switchBytes)}`, 'no page load'],
    ['canary → its first page rendered on the server from its build', `${(canaryRenderMs / 1000).toFixed(1)} s`, '—'],
    ['the canary build\'s render worker: the shell server\'s memory', `+${canaryRssMb.toFixed(0)} MB`, '—'],
  ];
  console.log(`\n| measure | value | goal |\n|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
  const origins = ['shell', 'catalog', 'other remotes', 'api'];
  console.log(`\nBytes over the network for ${PAGES.join(', ')} in one browser (encoded, headers included):\n`);
  console.log(`| visit | ${origins.join(' | ')} |\n|---|${origins.map(() => '---').join('|')}|`);
  for (const [label, bytes] of [['first visit', first], ['returning, nothing released', again], ['returning, after the one-page release', afterRelease]]) {
    console.log(`| ${label} | ${origins.map((o) => kb(bytes[o])).join(' | ')} |`);
  }
  writeFileSync(path.join(root, 'bench', 'releases-report.json'), `${JSON.stringify({ date: new Date().toISOString(), buildMs, commandMs, releaseMs, rollbackMs, tab: { switchMs, switchBytes, inPlace }, canary: { renderMs: canaryRenderMs, rssMb: Math.round(canaryRssMb) }, bytes: { first, again, afterRelease } }, null, 2)}\n`);
  if (releaseMs > 15_000 || rollbackMs > 10_000 || !inPlace) process.exitCode = 1;
} finally {
  await Promise.allSettled(servers.map((s) => s.close()));
  api?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
