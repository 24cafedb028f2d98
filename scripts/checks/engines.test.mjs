// node --test: one Node version, stated once and true. `.nvmrc` names it; the root package.json's `engines.node` is
// the range starting at it; and every package a deployable runs with (the runtime dependencies of the api and of the
// shell server, followed through package-lock.json as `npm ci --omit=dev -w <deployable>` installs them) accepts it in
// its own `engines.node`. A dependency update that drops the declared version fails here, naming the package and the
// chain that pulls it in.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const semver = createRequire(import.meta.url)('semver');
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The deployables: their workspace folders in package-lock.json. */
export const DEPLOYABLES = ['api', 'shell'];

/** Where a package named `name` required from the lock location `from` is installed (node's lookup, upwards). */
export function resolveIn(packages, from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return packages[candidate].link ? packages[candidate].resolved : candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut >= 0 ? dir.slice(0, cut) : '';
  }
}

/**
 * Every package a workspace needs at run time, from package-lock.json's `packages`: its dependencies, optional and
 * non-optional peer dependencies, transitively (not another system's binaries). Each with the chain that pulls it in.
 * @returns {Map<string, { name: string, version: string, engines?: string, via: string[] }>} by lock location
 */
export function runtimeClosure(lock, workspace) {
  const packages = lock.packages;
  const found = new Map();
  const queue = [[workspace, [workspace]]];
  while (queue.length) {
    const [location, via] = queue.shift();
    const entry = packages[location];
    if (!entry) continue;
    const peersOptional = entry.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !peersOptional[name]?.optional),
    ];
    for (const name of names) {
      const target = resolveIn(packages, location, name);
      if (!target || found.has(target)) continue;
      const pkg = packages[target];
      // a platform's binary for another system (sharp's win32 builds): npm skips it, the images are Linux
      if (pkg.os && !pkg.os.includes('linux')) continue;
      found.set(target, { name, version: pkg.version, engines: pkg.engines?.node, via: [...via, name] });
      queue.push([target, [...via, name]]);
    }
  }
  return found;
}

/** The runtime packages whose `engines.node` excludes `version`, as readable lines. */
export function excluding(lock, version, deployables = DEPLOYABLES) {
  const lines = [];
  for (const workspace of deployables) {
    for (const pkg of runtimeClosure(lock, workspace).values()) {
      if (pkg.engines && !semver.satisfies(version, pkg.engines, { includePrerelease: true })) {
        lines.push(`${pkg.name}@${pkg.version} wants node ${pkg.engines} (${pkg.via.join(' → ')})`);
      }
    }
  }
  return [...new Set(lines)];
}

const nvmrc = read('.nvmrc').trim().replace(/^v/, '');
const rootEngines = JSON.parse(read('package.json')).engines?.node;
const lock = JSON.parse(read('package-lock.json'));

test('.nvmrc names one exact Node version, and the root engines range starts at it', () => {
  assert.ok(semver.valid(nvmrc), `.nvmrc holds "${nvmrc}", not an exact version`);
  assert.ok(rootEngines, 'package.json has no engines.node');
  assert.equal(semver.minVersion(rootEngines)?.version, nvmrc, `engines.node "${rootEngines}" does not start at .nvmrc's ${nvmrc}`);
});

test("every runtime dependency of the api and the shell server accepts the declared Node version", () => {
  const offenders = excluding(lock, nvmrc);
  // the tests themselves may run on another Node (this machine has 20): said, not failed — the images run .nvmrc's
  if (!semver.satisfies(process.versions.node, rootEngines)) {
    test.diagnostic?.(`note: running on node ${process.versions.node}, outside the declared ${rootEngines}`);
  }
  assert.deepEqual(offenders, [], `runtime dependencies that exclude node ${nvmrc}:\n${offenders.join('\n')}`);
});

test('the closure follows the lock as npm installs it, and an excluding engines range is found', () => {
  const fixture = {
    packages: {
      '': { name: 'root' },
      api: { dependencies: { fastify: '^5', '@excursio/shared': '*' } },
      shared: { dependencies: { mitt: '^3' }, peerDependencies: { react: '^19', 'react-router': '^8' }, peerDependenciesMeta: { react: { optional: true } } },
      'node_modules/@excursio/shared': { link: true, resolved: 'shared' },
      'node_modules/fastify': { version: '5.0.0', dependencies: { cookie: '^2' }, engines: { node: '>=20' } },
      'node_modules/fastify/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/cookie': { version: '0.7.0', engines: { node: '>=18' } },
      'node_modules/mitt': { version: '3.0.1', optionalDependencies: { 'mitt-win32': '1' } },
      'node_modules/mitt-win32': { version: '1.0.0', os: ['win32'], engines: { node: '^20' } },
      'node_modules/react': { version: '19.0.0', engines: { node: '>=99' } },
      'node_modules/react-router': { version: '8.5.1', engines: { node: '>=22.22.0' } },
    },
  };
  const closure = runtimeClosure(fixture, 'api');
  assert.deepEqual([...closure.keys()].sort(), [
    'node_modules/fastify',
    'node_modules/fastify/node_modules/cookie',
    'node_modules/mitt',
    'node_modules/react-router',
    'shared',
  ]);
  assert.deepEqual(excluding(fixture, '20.19.0', ['api']), [
    'cookie@2.0.2 wants node >=22 (api → fastify → cookie)',
    'react-router@8.5.1 wants node >=22.22.0 (api → @excursio/shared → react-router)',
  ]);
  assert.deepEqual(excluding(fixture, '22.22.0', ['api']), []);
});
