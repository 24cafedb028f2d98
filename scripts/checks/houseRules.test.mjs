// node --test: the house rules of the repository, so they fail the build instead of holding by habit.
//  - no remote imports another remote, and the shell imports no remote (the shell composes them at run time);
//  - shared imports nothing of ours; its subpaths bundled where imported (contracts, pricing, phone, time) import
//    nothing of the singleton, and no React or MobX;
//  - the api imports only those subpaths of shared; no frontend imports the api;
//  - the shared singleton's only api calls are the session store's (a call used by one remote lives in that remote);
//  - a frontend takes from the contracts types and the plain values of contracts/values.ts only: a schema (or any
//    value of a schema module) would bundle typebox and every schema into the page (12.5 KB gzip).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const remotes = ['mfe-catalog', 'mfe-auth', 'mfe-user-account', 'mfe-partner-account', 'mfe-notifications'];
const frontends = ['shell', ...remotes];
const subpaths = ['contracts', 'pricing', 'phone', 'time'];

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.mts')) yield full;
  }
}

/** Every module specifier a file imports (static, dynamic, re-export, require). */
export function specifiersOf(text) {
  const found = [];
  const patterns = [/\b(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]);
  return found;
}

/** Where an import lands: { pkg, sub } for our packages (sub: the shared subpath or folder), null for npm packages. */
export function targetOf(file, spec) {
  if (spec.startsWith('.')) {
    const rel = path.relative(repoRoot, path.resolve(path.dirname(file), spec)).split(path.sep);
    return { pkg: rel[0], sub: rel[0] === 'shared' && rel[1] === 'src' ? (rel[2] ?? '').replace(/\.tsx?$/, '') : rel[1] ?? '' };
  }
  const m = /^@excursio\/([^/]+)(?:\/(.+))?$/.exec(spec);
  if (!m) return null;
  return { pkg: m[1] === 'api' ? 'api' : m[1], sub: m[2] ?? '' };
}

/** The broken rule for one import, or null. */
export function ruleBroken(fromPkg, fromSub, target, spec) {
  if (fromPkg === 'shared' && subpaths.includes(fromSub)) {
    if (/^(react|react-dom|mobx|mobx-react-lite)(\/|$)/.test(spec)) return 'a bundled-where-imported subpath of shared uses no React or MobX';
    if (target && (target.pkg !== 'shared' || !subpaths.includes(target.sub))) return 'a subpath of shared imports only other subpaths';
    return null;
  }
  if (!target || target.pkg === fromPkg && !(fromPkg === 'api')) return null;
  if (fromPkg === 'api') {
    if (target.pkg === 'api') return null;
    if (target.pkg === 'shared' && subpaths.includes(target.sub)) return null;
    return `the api imports only @excursio/shared/{${subpaths.join(',')}}`;
  }
  if (fromPkg === 'shared') return 'shared imports nothing of ours';
  if (target.pkg === 'api') return 'no frontend imports the api';
  if (remotes.includes(target.pkg)) return fromPkg === 'shell' ? 'the shell imports no remote (it loads them at run time)' : 'no remote imports another remote';
  if (target.pkg === 'shell') return 'no remote imports the shell';
  return null;
}

function violations() {
  const out = [];
  for (const pkg of [...frontends, 'shared', 'api']) {
    const roots = pkg === 'api' ? ['api/src', 'api/test', 'api/scripts'] : [`${pkg}/src`];
    for (const root of roots) {
      for (const file of sources(path.join(repoRoot, root))) {
        const rel = path.relative(repoRoot, file).split(path.sep);
        const fromSub = pkg === 'shared' ? (rel[2] ?? '').replace(/\.tsx?$/, '') : '';
        for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
          const broken = ruleBroken(pkg, fromSub, targetOf(file, spec), spec);
          if (broken) out.push(`${rel.join('/')}: '${spec}' — ${broken}`);
        }
      }
    }
  }
  return out;
}

test('the import boundaries hold', () => {
  assert.deepEqual(violations(), []);
});

test('the rules see what they forbid', () => {
  const at = (p) => path.join(repoRoot, p);
  const check = (fromPkg, fromSub, file, spec) => ruleBroken(fromPkg, fromSub, targetOf(at(file), spec), spec);
  assert.match(check('mfe-catalog', '', 'mfe-catalog/src/a/b.ts', '../../../mfe-auth/src/x'), /another remote/);
  assert.match(check('mfe-catalog', '', 'mfe-catalog/src/a.ts', '@excursio/mfe-auth'), /another remote/);
  assert.match(check('shell', '', 'shell/src/a.ts', '../../mfe-catalog/src/routes'), /the shell imports no remote/);
  assert.match(check('shared', 'session', 'shared/src/session/a.ts', '../../../shell/src/x'), /shared imports nothing of ours/);
  assert.match(check('api', '', 'api/src/a.ts', '@excursio/shared'), /the api imports only/);
  assert.match(check('api', '', 'api/src/a.ts', '../../shared/src/session/SessionStore'), /the api imports only/);
  assert.match(check('mfe-auth', '', 'mfe-auth/src/a.ts', '../../api/src/config'), /no frontend imports the api/);
  assert.match(check('shared', 'pricing', 'shared/src/pricing/a.ts', '../session/SessionStore'), /only other subpaths/);
  assert.match(check('shared', 'time', 'shared/src/time/a.ts', 'mobx'), /no React or MobX/);
  assert.equal(check('api', '', 'api/src/a.ts', '@excursio/shared/pricing'), null);
  assert.equal(check('mfe-auth', '', 'mfe-auth/src/a.ts', '@excursio/shared/phone'), null);
  assert.equal(check('shared', 'pricing', 'shared/src/pricing/a.ts', '../contracts/index'), null);
  assert.deepEqual(specifiersOf("import a from 'x';\nexport { b } from \"y\";\nimport 'z.css';\nawait import('w');"), ['x', 'y', 'z.css', 'w']);
});

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
  new Set([...readFileSync(path.join(repoRoot, 'shared/src/contracts/values.ts'), 'utf8').matchAll(/^export (?:const|type) (\w+)/gm)].map((m) => m[1]));

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
  assert.ok(values.has('CANCEL_REASONS') && !values.has('Order'));
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
