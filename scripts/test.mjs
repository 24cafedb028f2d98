// `npm test`: install what is missing, type-check, lint, then two lanes at once — the api suite, and unit/component tests →
// build → bench smoke — then the Playwright e2e on the build. `node scripts/test.mjs <step>` runs one step alone.
//
// Why two lanes: on two cores the api suite keeps about one busy (its files wait on timers, sockets and child processes),
// so the other lane's work fits beside it instead of after it. The e2e runs alone: it fills both cores with its stacks
// and browsers, and its time limits assume it has them.
import path from 'node:path';
import { ensureInstalled, repoRoot } from './lib/install.mjs';
import { run, runLabelled } from './lib/proc.mjs';

const only = process.argv[2];
const steps = [];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** A step: its commands, run with inherited output, or with each line labelled when it shares the terminal with a lane. */
const step = async (name, fn, labelled = false) => {
  if (only && only !== name) return;
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  await fn(labelled && !only ? (cmd, args, opts) => runLabelled(name, cmd, args, opts) : run);
  steps.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
};
/** Runs lanes at once; waits for all of them, then fails with every lane that failed. */
const lanes = async (...fns) => {
  const results = await Promise.allSettled(fns.map((fn) => fn()));
  const failed = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  if (failed.length > 0) throw new Error(failed.join('\n✗ '));
};

const NODE_TESTS = [
  'scripts/server/preloadHints.test.mjs',
  'scripts/server/staticServer.test.mjs',
  'scripts/server/securityHeaders.test.mjs',
  'scripts/server/ssr/renderer.test.mjs',
  'scripts/rspack/production.test.mjs',
  'scripts/checks/boundaries.test.mjs',
  'scripts/checks/houseRules.test.mjs',
  'scripts/checks/configDocs.test.mjs',
  'scripts/checks/readmeMap.test.mjs',
  'shell/server/env.test.mjs',
];

await ensureInstalled();
try {
  await step('typecheck', (exec) => exec(npm, ['run', 'typecheck', '--silent'], { cwd: repoRoot }));
  await step('lint', (exec) => exec(npm, ['run', 'lint', '--silent'], { cwd: repoRoot }));
  await lanes(
    () => step('api', (exec) => exec(npm, ['test', '--silent', '-w', 'api'], { cwd: repoRoot }), true),
    async () => {
      await step(
        'unit',
        async (exec) => {
          await exec(process.execPath, [path.join(repoRoot, 'node_modules/jest/bin/jest.js'), '--ci'], { cwd: repoRoot });
          // the servers' and the repository's own checks (node's test runner, no stack)
          await exec(process.execPath, ['--test', ...NODE_TESTS], { cwd: repoRoot });
        },
        true,
      );
      await step('build', (exec) => exec(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot }), true);
      // smoke check of `npm run bench` (one page, one api call, --quick); the full bench is not part of the tests
      await step('bench', (exec) => exec(process.execPath, ['--test', 'bench/lib/singletons.test.mjs', 'bench/smoke.test.mjs'], { cwd: repoRoot }), true);
    },
  );
  await step('e2e', (exec) => exec(npm, ['test', '--silent', '-w', 'e2e'], { cwd: repoRoot }));
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  console.log(`steps done: ${steps.join(', ') || 'none'}`);
  process.exit(1);
}
console.log(`\n✓ all tests passed — ${steps.join(', ')}`);
