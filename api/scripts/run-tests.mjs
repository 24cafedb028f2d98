// Runs the api tests with node's test runner (Node 20 has no glob for --test, so the files are listed here).
// Every suite uses a fresh in-memory PGlite database. With DATABASE_URL set, every suite runs on a throwaway database
// of that PostgreSQL server (the production engine), and the suites of PGLITE_ALSO run on PGlite too: running all of
// them on both took 870 s of suite time for 590 s on two cores, two thirds of it PGlite's (its engine in WebAssembly is
// about twice as slow, and each suite starts its own). API_TEST_PGLITE=all runs every suite on both.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv.slice(2);
/** test/*.test.ts (the api through HTTP) and the unit tests beside the code in src/**. */
function testFiles(folder) {
  return readdirSync(path.join(apiRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(folder, name));
}
const files = [...testFiles('src'), ...testFiles('test')]
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`No test files match: ${filter.join(' ')}`);
  process.exit(1);
}

// A file per core at most (API_TEST_CONCURRENCY to change it): each embedded database takes ~0.8 GB and a core while
// it starts, and a file's suites run one after another on it. Every file has its own databases, ports and Redis keys.
const concurrency = Number(process.env.API_TEST_CONCURRENCY) || Math.max(1, Math.min(2, availableParallelism()));

/**
 * With PostgreSQL, the suites that also run on PGlite: what `npm start` and the e2e stacks run on (migrations and the
 * full seed), what a single embedded connection does differently (concurrent bookings, claims, leases, sweeps), what
 * its driver parses differently (time zones, bytes), and one suite of each other area.
 */
export const PGLITE_ALSO = [
  'test/seed.test.ts',
  'test/orders.test.ts',
  'test/orders-concurrency.test.ts',
  'test/slot-booking-rule.test.ts',
  'test/outbox.test.ts',
  'test/lifecycle.test.ts',
  'test/time-zones.test.ts',
  'test/uploads.test.ts',
  'test/backoffice-moderation.test.ts',
  'test/catalog.test.ts',
  'test/sso-flow.test.ts',
  'test/chat.test.ts',
  'test/partner-excursions.test.ts',
  'test/schedules.test.ts',
  // search (issue 31): the relevance set on both engines (pg_trgm and the russian configuration of each)
  'test/search.test.ts',
];

const allFiles = new Set([...testFiles('src'), ...testFiles('test')].map((file) => file.split(path.sep).join('/')));
const missing = PGLITE_ALSO.filter((file) => !allFiles.has(file));
if (missing.length > 0) {
  console.error(`PGLITE_ALSO names files that are not there: ${missing.join(', ')}`);
  process.exit(1);
}

/**
 * Files per test process. Loading the api's modules costs a process ~4.5 s of CPU (V8 compiling them, measured with
 * --cpu-prof): a process per file spent ~450 core-seconds of the suite's ~1,000 on start-up alone, and groups of six
 * still 18 processes' worth. A whole run now has one process per lane (`concurrency`), the files shared out by size so
 * the lanes end together: 195 against 240 core-seconds of the runner's own CPU for the same 103 files, and 40 s
 * less of wall time. A group's files run one after another in one process, each still with its own databases, app,
 * ports and Redis keys; only the loaded modules are shared. API_TEST_FILES_PER_PROCESS=N makes groups of N files in
 * order instead (1: a process per file); a named file keeps a process of its own.
 */
const perProcess = Number(process.env.API_TEST_FILES_PER_PROCESS) || (filter.length === 0 ? 0 : 1);
const groupsDir = path.join(apiRoot, 'node_modules', '.cache', 'api-test-groups');

/** The files in `lanes` groups of about equal size, largest first into the lightest group (sizes as the work's proxy). */
function balanced(list, lanes, sizeOf) {
  const groups = Array.from({ length: Math.min(lanes, list.length) }, () => ({ weight: 0, files: [] }));
  for (const file of [...list].sort((a, b) => sizeOf(b) - sizeOf(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.weight < min.weight ? g : min));
    lightest.files.push(file);
    lightest.weight += sizeOf(file);
  }
  return groups.map((g) => g.files.sort());
}

/** The files as node's test runner gets them: themselves, or group modules importing theirs each. */
function grouped(list, label) {
  if (perProcess === 1) return list;
  const sets = [];
  if (perProcess > 1) for (let start = 0; start < list.length; start += perProcess) sets.push(list.slice(start, start + perProcess));
  else sets.push(...balanced(list, concurrency, (file) => statSync(path.join(apiRoot, file)).size));
  mkdirSync(groupsDir, { recursive: true });
  return sets.map((members, index) => {
    const file = path.join(groupsDir, `${label}-${index + 1}.test.mjs`);
    const imports = members.map((member) => `import ${JSON.stringify(pathToFileURL(path.join(apiRoot, member)).href)};`);
    writeFileSync(file, `// ${members.join(', ')}\n${imports.join('\n')}\n`);
    return file;
  });
}

/** One run of node's test runner over `list`, with `databases` (API_TEST_DATABASES) when given. */
function pass(label, list, databases) {
  if (list.length === 0) return 0;
  const units = grouped(list, databases ?? 'all');
  console.log(`api tests: ${list.length} files ${label}, in ${units.length} processes, ${concurrency} at a time`);
  const env = { ...process.env, APP_ENV: 'test' };
  if (databases) env.API_TEST_DATABASES = databases;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...units],
    { cwd: apiRoot, stdio: 'inherit', env },
  );
  return result.status ?? 1;
}

const both = !process.env.DATABASE_URL || process.env.API_TEST_PGLITE === 'all';
const status = both
  ? pass(process.env.DATABASE_URL ? 'on PGlite and PostgreSQL (DATABASE_URL)' : 'on PGlite', files)
  : pass('on PostgreSQL (DATABASE_URL)', files, 'postgres') ||
    pass('on PGlite too (PGLITE_ALSO)', files.filter((file) => PGLITE_ALSO.includes(file.split(path.sep).join('/'))), 'pglite');
process.exit(status);
