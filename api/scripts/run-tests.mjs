// Runs the api tests with node's test runner (Node 20 has no glob for --test, so the files are listed here).
// Every suite uses a fresh in-memory PGlite database; with DATABASE_URL set, each also runs on a throwaway
// database of that PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
console.log(
  `api tests: ${files.length} files on PGlite${process.env.DATABASE_URL ? ' and PostgreSQL (DATABASE_URL)' : ''}, ${concurrency} at a time`,
);
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { cwd: apiRoot, stdio: 'inherit', env: { ...process.env, APP_ENV: 'test' } },
);
process.exit(result.status ?? 1);
