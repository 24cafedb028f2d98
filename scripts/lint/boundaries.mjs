// The import boundaries (.dependency-cruiser.cjs) checked with dependency-cruiser's API. The API rather than the
// `depcruise` command: dependency-cruiser 18 (the first whose swc parser reads TSX, which TypeScript 7 leaves to it:
// tsc has no JavaScript API) declares Node ≥ 22 and its command refuses Node 20, which this repository supports; the
// API runs on it.
import path from 'node:path';
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { repoRoot } from '../lib/install.mjs';

/** What `npm run lint` cruises: every package's code, the shell's server and the api's tests and scripts included. */
export const SOURCES = ['shared/src', 'shell/src', 'shell/server', 'mfe-catalog/src', 'mfe-auth/src', 'mfe-user-account/src',
  'mfe-partner-account/src', 'mfe-notifications/src', 'mfe-backoffice/src', 'api/src', 'api/test', 'api/scripts'];

/**
 * Cruises `sources` (relative to the repository root) against the rules; returns the broken ones as
 * { rule, from, to } (to: the cycle for a circle) and the formatted report.
 */
export async function checkBoundaries(sources = SOURCES, { cwd = repoRoot } = {}) {
  const previous = process.cwd();
  process.chdir(cwd); // dependency-cruiser resolves and reports relative to the working directory
  try {
    const options = await extractDepcruiseOptions(path.join(repoRoot, '.dependency-cruiser.cjs'));
    const result = await cruise(sources, { ...options, validate: true, outputType: 'json' });
    const cruised = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    // a known violation (.dependency-cruiser-known-violations.json) comes back with severity 'ignore'
    const violations = cruised.summary.violations.filter((v) => v.rule.severity !== 'ignore').map((v) => ({
      rule: v.rule.name,
      from: v.from,
      to: v.cycle ? v.cycle.map((step) => step.name ?? step).join(' → ') : v.to,
    }));
    const { output: report } = await format(cruised, { outputType: 'err-long' });
    return { violations, report, known: cruised.summary.ignore ?? 0 };
  } finally {
    process.chdir(previous);
  }
}
