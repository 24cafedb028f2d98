// `npm run lint`: the code (oxlint, .oxlintrc.json) and the import boundaries (dependency-cruiser,
// .dependency-cruiser.cjs). Exits non-zero on any error; oxlint's warnings are printed but pass.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/install.mjs';
import { checkBoundaries } from './lint/boundaries.mjs';

const CODE = ['shared', 'shell', 'mfe-catalog', 'mfe-auth', 'mfe-user-account', 'mfe-partner-account', 'mfe-notifications', 'mfe-backoffice', 'api', 'scripts', 'e2e', 'bench'];

let failed = false;
let started = Date.now();
const oxlint = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/oxlint/bin/oxlint'), '-c', '.oxlintrc.json', ...CODE], { cwd: repoRoot, stdio: 'inherit' });
if (oxlint.status !== 0) failed = true;
console.log(`oxlint: ${((Date.now() - started) / 1000).toFixed(1)} s`);

started = Date.now();
const { violations, report, known } = await checkBoundaries();
if (violations.length > 0) {
  failed = true;
  console.log(report);
}
console.log(`import boundaries: ${violations.length} broken (${known} known, listed in .dependency-cruiser-known-violations.json), ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
