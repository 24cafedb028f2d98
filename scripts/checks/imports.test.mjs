// node --test: application code reaches react-router only through '@excursio/shared/router' (a Module Federation
// singleton that ships react-router tree-shaken to the names we use). A direct import would put a second, whole copy
// of react-router on the page. Tests, test helpers and build-time code (src/prerender: run in Node by the build to
// write index.html) and the shell's server render bundle (src/server: Node only, where the singleton and react-router
// are one bundle's modules) are not bundled into the page and may import it directly.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packages = ['shell', 'mfe-catalog', 'mfe-auth', 'mfe-user-account', 'mfe-partner-account', 'mfe-notifications', 'shared'];
const isTestCode = (file) => /\.test\.tsx?$/.test(file) || /[/\\](test|testing)[/\\]/.test(file);
const isBuildTimeCode = (file) => /[/\\]src[/\\](prerender|server)[/\\]/.test(file);

const importsReactRouter = (text) => /from\s+['"]react-router(\/[^'"]*)?['"]|import\(\s*['"]react-router/.test(text);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

test("only shared/src/router.ts imports 'react-router' in application code", () => {
  const offenders = [];
  for (const pkg of packages) {
    for (const file of sources(path.join(repoRoot, pkg, 'src'))) {
      const rel = path.relative(repoRoot, file);
      if (isTestCode(rel) || isBuildTimeCode(rel) || rel === path.join('shared', 'src', 'router.ts')) continue;
      if (importsReactRouter(readFileSync(file, 'utf8'))) offenders.push(rel);
    }
  }
  assert.deepEqual(offenders, [], `import these from '@excursio/shared/router' instead`);
});

test('the rule sees direct imports and lets the door through', () => {
  assert.ok(importsReactRouter("import { Link } from 'react-router';"));
  assert.ok(importsReactRouter('import type { RouteObject } from "react-router/dom";'));
  assert.ok(importsReactRouter("const m = await import('react-router');"));
  assert.ok(!importsReactRouter("import { Link } from '@excursio/shared/router';"));
});
