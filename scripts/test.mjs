// `npm test`: install what is missing, type-check, unit/component tests, api tests, build, Playwright e2e, bench smoke.
import path from 'node:path';
import { ensureInstalled, repoRoot } from './lib/install.mjs';
import { run } from './lib/proc.mjs';

const only = process.argv[2];
const steps = [];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = async (name, fn) => {
  if (only && only !== name) return;
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  await fn();
  steps.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

await ensureInstalled();
try {
  await step('typecheck', () => run(npm, ['run', 'typecheck', '--silent'], { cwd: repoRoot }));
  await step('lint', () => run(npm, ['run', 'lint', '--silent'], { cwd: repoRoot }));
  await step('unit', async () => {
    await run(process.execPath, [path.join(repoRoot, 'node_modules/jest/bin/jest.js'), '--ci'], { cwd: repoRoot });
    // the servers' and the repository's own checks (node's test runner, no stack)
    await run(process.execPath, ['--test', 'shell/server/preloadHints.test.mjs', 'shell/server/staticServer.test.mjs', 'shell/server/securityHeaders.test.mjs', 'shell/server/ssr/renderer.test.mjs', 'scripts/rspack/production.test.mjs', 'scripts/checks/boundaries.test.mjs', 'scripts/checks/houseRules.test.mjs'], { cwd: repoRoot });
  });
  await step('api', () => run(npm, ['test', '--silent', '-w', 'api'], { cwd: repoRoot }));
  await step('build', async () => (await import('./build.mjs')).buildAll());
  await step('e2e', () => run(npm, ['test', '--silent', '-w', 'e2e'], { cwd: repoRoot }));
  // smoke check of `npm run bench` (one page, one api call, --quick); the full bench is not part of the tests
  await step('bench', () => run(process.execPath, ['--test', 'bench/lib/singletons.test.mjs', 'bench/smoke.test.mjs'], { cwd: repoRoot }));
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  console.log(`steps done: ${steps.join(', ') || 'none'}`);
  process.exit(1);
}
console.log(`\n✓ all tests passed — ${steps.join(', ')}`);
