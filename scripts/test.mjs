// `npm test`: install what is missing, then type-check, lint, unit/component tests, api tests, build, Playwright e2e and
// a bench smoke run, one after another. `node scripts/test.mjs <step>` runs one step alone.
//
// One after another on purpose: running the api suite beside the unit tests was tried (two lanes) and made the
// component tests' one-second waits fail under the shared load. Lanes come back once those waits stop depending on
// the machine's speed.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureInstalled, repoRoot } from './lib/install.mjs';
import { run } from './lib/proc.mjs';

const only = process.argv[2];
const steps = [];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The machine's busy and total CPU time so far (Linux: /proc/stat's first line, in clock ticks); null elsewhere. */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3] + (ticks[4] ?? 0); // idle + iowait
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0); // without guest time, which user time already holds
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
/**
 * A step: its commands, run with inherited output. Its wall time is reported with how busy the machine's cores were
 * meanwhile (the whole machine's, from /proc/stat): a step far under 100 % is waiting, not computing, and can share the
 * cores with another; one near 100 % only gets faster by doing less.
 */
const step = async (name, fn) => {
  if (only && only !== name) return;
  const started = Date.now();
  const before = cpuTicks();
  console.log(`\n━━ ${name} ━━`);
  await fn(run);
  const after = cpuTicks();
  const busy = before && after && after.total > before.total ? ` (CPU ${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))} %)` : '';
  steps.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s${busy}`);
};

/** node's test files under these folders (`*.test.mjs`), found rather than listed: a list missed two new ones. */
function nodeTests(...folders) {
  return folders
    .flatMap((folder) =>
      readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.test.mjs') && !name.split(path.sep).includes('node_modules'))
        .map((name) => path.join(folder, name)),
    )
    .sort();
}
// the servers' and the repository's own checks (node's test runner, no stack)
const NODE_TESTS = nodeTests('shell/server', 'scripts');
// the benchmark's own units, then its smoke run
const BENCH_TESTS = [...nodeTests('bench/lib'), 'bench/smoke.test.mjs'];

await ensureInstalled();
try {
  await step('typecheck', (exec) => exec(npm, ['run', 'typecheck', '--silent'], { cwd: repoRoot }));
  await step('lint', (exec) => exec(npm, ['run', 'lint', '--silent'], { cwd: repoRoot }));
  await step('unit', async (exec) => {
    // a worker per core: jest's default (cores − 1) ran the 146 files on one worker of the two cores, 123 s instead of 68
    const workers = `--maxWorkers=${availableParallelism()}`;
    await exec(process.execPath, [path.join(repoRoot, 'node_modules/jest/bin/jest.js'), '--ci', workers], { cwd: repoRoot });
    // --test-force-exit: a file's process ends with its tests, whatever handle a test left open (a server's busy
    // keep-alive connection kept one file's process 70 s past its last test in a CI run)
    await exec(process.execPath, ['--test', '--test-force-exit', ...NODE_TESTS], { cwd: repoRoot });
  });
  await step('api', (exec) => exec(npm, ['test', '--silent', '-w', 'api'], { cwd: repoRoot }));
  await step('build', (exec) => exec(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot }));
  await step('e2e', (exec) => exec(npm, ['test', '--silent', '-w', 'e2e'], { cwd: repoRoot }));
  // smoke check of `npm run bench` (one page, one api call, --quick); the full bench is not part of the tests
  await step('bench', (exec) => exec(process.execPath, ['--test', ...BENCH_TESTS], { cwd: repoRoot }));
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  console.log(`steps done: ${steps.join(', ') || 'none'}`);
  process.exit(1);
}
console.log(`\n✓ all tests passed — ${steps.join(', ')}`);
