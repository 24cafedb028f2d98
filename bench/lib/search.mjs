// Search (issue 31): the search box's suggestions and the results page at 50 connections, uncached — an api of its
// own with the catalog cache off (CATALOG_CACHE_TTL_S=0), the connections cycling through different queries — on
// PGlite and, with DATABASE_URL, on PostgreSQL; and the search index's build time for the seeded catalog and for the
// catalog grown `scale`× (api/bench/search-index.ts). Budget: p99 <= 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, startChild, waitForUrl } from '../../scripts/lib/proc.mjs';
import { loadFigures, withPostgresApi } from './api.mjs';
import { repoRoot } from './mfe.mjs';

/** What travellers type (none of them the relevance set's own): word forms, typos, layouts, Latin, nicknames, sights. */
export const QUERIES = [
  'москва', 'экскурсии по москве', 'кремль', 'красная площадь', 'питер', 'спб', 'эрмитаж', 'эрмитж', 'петергоф фонтаны',
  'казань', 'казанский кремль', 'rfpfym', 'kazan', 'свияжск', 'калининград', 'куршская коса', 'кенигсберг', 'сочи',
  'красная поляна', 'сочи на катере', 'нижний новгород', 'канатная дорога', 'ярославль', 'ростов великий', 'суздаль',
  'ceplfkm', 'владимир', 'муром', 'карелия', 'кижи', 'рускеала', 'дербент', 'махачкала', 'сулакский каньон', 'байкал',
  'листвянка', 'псков', 'изборск', 'великий новгород', 'тбилиси', 'tbilisi', 'мцхета', 'казбек', 'батуми', 'кутаиси',
  'кахетия вино', 'ереван', 'гарни', 'севан', 'дилижан', 'ташкент', 'самарканд', 'бухара', 'хива', 'регистан',
  'гастрономическая прогулка', 'с детьми', 'ночная прогулка', 'велопрогулка', 'музей', 'пешеходная экскурсия',
  'на катере', 'крыши', 'храмы', 'легенды и мистика', 'водопады', 'треккинг', 'sankt-peterburg', 'moskva kreml',
  'ghjuekrf', 'третьяковка', 'исакиевский', 'галлерея', 'мечеть', 'крепость', 'монастырь', 'дворец', 'парк',
  'Михаил Орлов', 'гид по казани', 'экскурсия с гидом искусствоведом', 'за один день', 'купцы и меценаты',
];

/** The text being typed: every query cut after 2, 4 and 6 letters (the box asks from 2). */
export const PREFIXES = [...new Set(QUERIES.flatMap((q) => [2, 4, 6].map((n) => q.slice(0, n)).filter((p) => p.trim().length >= 2)))];

const CALLS = {
  suggest: (q) => `/api/excursion/public/search/suggest?q=${encodeURIComponent(q)}`,
  results: (q) => `/api/excursion/public/search?q=${encodeURIComponent(q)}`,
};

function cannon(base, paths, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: 50, duration: seconds, timeout: 10, requests: paths.map((p) => ({ method: 'GET', path: p })) },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({ queries: paths.length, connections: 50, seconds, ...loadFigures(result) });
      },
    );
    instance.on('error', reject);
  });
}

async function measureCalls(apiUrl, seconds) {
  const out = {};
  for (const [key, build] of Object.entries(CALLS)) {
    const texts = key === 'suggest' ? PREFIXES : QUERIES;
    const paths = texts.map(build);
    // one pass first: every query's plan and the engine's lookups warm, as on a running site
    for (const p of paths) {
      const res = await fetch(`${apiUrl}${p}`);
      if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    }
    out[key] = await cannon(apiUrl, paths, seconds);
  }
  return out;
}

/**
 * The measured api's settings: the catalog cache off, and the log level of production (deploy/compose.yaml,
 * deploy/k8s: warn) — at info every request writes two JSON lines, which this process would read and print again
 * while it drives the load on the same cores (122,000 lines in a run).
 */
const SEARCH_API_ENV = { CATALOG_CACHE_TTL_S: '0', LOG_LEVEL: 'warn' };

/** An api on a fresh embedded PGlite (migrated and seeded as it starts), the catalog cache off. */
async function withPgliteApi(fn) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'excursio-bench-search-'));
  const port = await freePort();
  const env = { ...process.env, PGLITE_DIR: dir, PORT: String(port), APP_ENV: 'development', ...SEARCH_API_ENV };
  delete env.DATABASE_URL;
  const child = startChild('api:search', process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: path.join(repoRoot, 'api'), env });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, 900_000, child);
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => (child.kill('SIGKILL'), r()), 10_000);
        child.once('exit', () => (clearTimeout(t), r()));
      });
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The index build of the seeded catalog and of `scale`× it (PGlite, and PostgreSQL with DATABASE_URL). */
function measureIndex(scale) {
  const res = spawnSync('npm', ['run', '--silent', 'bench:search-index', '-w', 'api', '--', '--json', '--scale', String(scale)], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`search index bench failed: ${res.stderr?.slice(-2000)}`);
  const line = res.stdout.trim().split('\n').reverse().find((l) => l.startsWith('{'));
  if (!line) throw new Error(`search index bench: no result in ${res.stdout.slice(-500)}`);
  return JSON.parse(line);
}

export async function measureSearch({ seconds, scale, log }) {
  const report = { latency: {}, index: {} };
  log(`search: suggestions and results, 50 connections × ${seconds} s, ${QUERIES.length} queries (${PREFIXES.length} prefixes), uncached, PGlite`);
  report.latency.pglite = await withPgliteApi((url) => measureCalls(url, seconds));
  log(`search latency on PGlite: ${JSON.stringify(report.latency.pglite)}`);
  if (process.env.DATABASE_URL) {
    log('search on PostgreSQL (DATABASE_URL)');
    report.latency.postgres = await withPostgresApi(process.env.DATABASE_URL, (url) => measureCalls(url, seconds), SEARCH_API_ENV);
    log(`search latency on PostgreSQL: ${JSON.stringify(report.latency.postgres)}`);
  } else {
    report.latency.postgres = { skipped: 'DATABASE_URL is not set' };
  }
  if (scale > 0) log(`search index: build time of the seeded catalog and of ${scale}× it`);
  // --search-scale 0 (bench/search.mjs --scale 0): the latency alone
  report.index = scale > 0 ? measureIndex(scale) : {};
  return report;
}

export const SEARCH_P99_MS = 50;

export function searchBudgets(report) {
  const out = [];
  for (const [db, calls] of Object.entries(report.latency)) {
    if (!calls || calls.skipped) continue;
    for (const [key, c] of Object.entries(calls)) {
      out.push({ name: `search ${db} ${key} (uncached): p99 (ms)`, limit: `<= ${SEARCH_P99_MS}`, value: c.p99Ms, pass: c.p99Ms <= SEARCH_P99_MS });
      out.push({ name: `search ${db} ${key}: errors (non-2xx + errors)`, limit: '= 0', value: c.non2xx + c.errors, pass: c.non2xx + c.errors === 0 });
    }
  }
  return out;
}

const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map((c) => c ?? '—').join(' | ')} |`)].join('\n');

export function searchMarkdown(report) {
  const latency = Object.entries(report.latency).flatMap(([db, calls]) =>
    calls?.skipped ? [] : Object.entries(calls).map(([k, c]) => [db, k, c.queries, c.requestsPerSec, c.p50Ms, c.p99Ms, c.non2xx + c.errors]),
  );
  const index = Object.entries(report.index).flatMap(([db, sizes]) =>
    Object.entries(sizes).map(([size, s]) => [db, size, s.excursions, s.documents, s.terms, s.ms, s.search.firstMs, s.search.p50Ms, s.search.p99Ms, s.search.suggest?.p50Ms, s.search.suggest?.p99Ms, s.afterEdit?.afterBookingMs, s.afterEdit?.afterTitleMs, s.afterEdit?.firstSearchMs, s.afterEdit?.firstSuggestMs]),
  );
  return [
    table(['db', 'call', 'queries', 'req/s', 'p50 ms', 'p99 ms', 'errors'], latency),
    table(['db', 'catalog', 'excursions', 'documents', 'vocabulary', 'index build ms', 'first search ms (loads the in-memory indexes)', 'search p50 ms (1 at a time)', 'p99 ms', 'suggest p50 ms (1 at a time)', 'p99 ms', 'first search after a booking ms', 'after a title edit ms', 'first search after an excursion hidden ms', 'first suggestion after a city renamed ms'], index),
  ].join('\n\n');
}
