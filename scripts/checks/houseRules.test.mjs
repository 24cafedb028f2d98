// node --test: the house rules that are not about which module imports which (those are import boundaries in
// .dependency-cruiser.cjs, checked by `npm run lint` and scripts/checks/boundaries.test.mjs):
//  - the shared singleton's only api calls are the session store's (a call used by one remote lives in that remote);
//  - a frontend takes from the contracts types and the plain values of contracts/values.ts only: a schema (or any
//    value of a schema module) would bundle typebox and every schema into the page (12.5 KB gzip). This one is about
//    the names imported from one module ('@excursio/shared/contracts'), which a module graph does not see.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const frontends = ['shell', 'mfe-catalog', 'mfe-auth', 'mfe-user-account', 'mfe-partner-account', 'mfe-notifications', 'mfe-backoffice'];

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.mts')) yield full;
  }
}

/** The names a file takes as values (not `type`) from '@excursio/shared/contracts'. */
export function contractValueImports(text) {
  const names = [];
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@excursio\/shared\/contracts['"]/g)) {
    if (m[2]) continue;
    for (const part of m[3].split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  if (/\bimport\s+\*\s+as\s+\w+\s+from\s*['"]@excursio\/shared\/contracts['"]/.test(text)) names.push('*');
  return names;
}

const contractValues = () =>
  new Set([...readFileSync(path.join(repoRoot, 'shared/src/contracts/values.ts'), 'utf8').matchAll(/^export (?:const|type|function) (\w+)/gm)].map((m) => m[1]));

test('frontends take only types and the plain values (contracts/values.ts) from the contracts', () => {
  const values = contractValues();
  const out = [];
  for (const pkg of frontends) {
    for (const file of sources(path.join(repoRoot, pkg, 'src'))) {
      if (/\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`)) continue;
      for (const name of contractValueImports(readFileSync(file, 'utf8'))) {
        if (!values.has(name)) out.push(`${path.relative(repoRoot, file)}: ${name} (move a plain value to contracts/values.ts, or import the type)`);
      }
    }
  }
  assert.deepEqual(out, []);
  // the check sees what it forbids
  assert.deepEqual(contractValueImports("import { DEFAULT_NAME, type Profile, Order as O } from '@excursio/shared/contracts';"), ['DEFAULT_NAME', 'Order']);
  assert.deepEqual(contractValueImports("import type { Order } from '@excursio/shared/contracts';\nexport { X } from '@excursio/shared/contracts';"), ['X']);
  assert.ok(values.has('CANCEL_REASONS') && values.has('groupRuleProblems') && !values.has('Order'));
  // values.ts stays plain: its constants and functions import nothing (no schema, no typebox)
  assert.doesNotMatch(readFileSync(path.join(repoRoot, 'shared/src/contracts/values.ts'), 'utf8'), /^import\s(?!type\s)/m);
});

test('the shared singleton calls only what the session store uses', () => {
  const dir = path.join(repoRoot, 'shared/src');
  const withCalls = [];
  for (const file of sources(dir)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    if (/['"`]\/api\//.test(readFileSync(file, 'utf8'))) withCalls.push(path.relative(dir, file));
  }
  // the session store's calls, and the monitoring report the http client itself sends
  assert.deepEqual(withCalls.sort(), ['api/reportError.ts', 'session/sessionApi.ts'], 'a call used by one remote is written in that remote');
  const calls = [...readFileSync(path.join(dir, 'session/sessionApi.ts'), 'utf8').matchAll(/^\s{4}(\w+):/gm)].map((m) => m[1]);
  const store = readFileSync(path.join(dir, 'session/SessionStore.ts'), 'utf8');
  assert.ok(calls.length > 0);
  for (const call of calls) assert.ok(store.includes(`this.api.${call}(`), `session call ${call} is not used by the session store: move it to the remote that uses it`);
});
