// node --test: every import rule of .dependency-cruiser.cjs still matches what it forbids. Each file under
// fixtures/boundaries breaks one rule (or, for the allowed cases, none); a rule that silently stopped matching (a
// renamed folder, a regex typo) fails here instead of letting the repository drift.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from '../lint/boundaries.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/boundaries');

test('each rule reports its fixture, and only that', async () => {
  const { violations } = await checkBoundaries(['mfe-catalog', 'mfe-auth', 'shell', 'shared', 'api'], { cwd: fixtures });
  const found = violations.map((v) => `${v.rule}: ${v.from}`).sort();
  assert.deepEqual(found, [
    'api-imports-standalone-shared-only: api/src/toSession.ts',
    'frontend-reaches-shared-by-name: mfe-auth/src/relativeShared.ts',
    'no-api-to-frontend: api/src/toFrontend.ts',
    'no-circular: mfe-auth/src/circle/one.ts',
    'no-cross-feature: mfe-catalog/src/features/a/reachesB.ts',
    'no-frontend-to-api: mfe-catalog/src/toApi.ts',
    'no-production-to-tooling: shell/server/usesTooling.mjs',
    'no-remote-to-remote: mfe-catalog/src/remoteToRemote.ts',
    'no-remote-to-shell: mfe-auth/src/remoteToShell.ts',
    'no-seed-in-production: api/src/features/x/usesSeed.ts',
    'no-shell-to-remote: shell/src/shellToRemote.ts',
    'react-router-through-shared: mfe-catalog/src/usesRouter.ts',
    'seed-entries-use-the-seed-index: api/src/main.ts',
    'shared-imports-nothing-of-ours: shared/src/session/toFrontend.ts',
    'shared-ui-through-entry-points: shared/src/ui/toInternals.ts',
    'standalone-subpath-imports-only-subpaths: shared/src/pricing/toSingleton.ts',
    'standalone-subpath-no-react-or-mobx: shared/src/time/usesMobx.ts',
  ]);
});
