// node --test: the release store — a build's content hash, its immutable folder, what it tells the registry.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHash, buildSize, describeBuild, storeBuild, unretained } from './store.mjs';

function fakeBuild(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const MANIFEST = JSON.stringify({
  shared: [
    { name: 'react', requiredVersion: '^19.3.1' },
    { name: '@excursio/shared', requiredVersion: '^2.4.0' },
    { name: 'mobx-react-lite', requiredVersion: '^5.1.0' },
  ],
  exposes: [{ name: 'routes', path: './routes' }],
});

test('the same files give the same hash; one changed byte or name another', () => {
  const a = fakeBuild({ 'remoteEntry.js': 'x', 'mf-manifest.json': MANIFEST, 'ssr/remoteEntry.js': 'y' });
  const b = fakeBuild({ 'ssr/remoteEntry.js': 'y', 'mf-manifest.json': MANIFEST, 'remoteEntry.js': 'x' });
  assert.match(buildHash(a), /^[0-9a-f]{12}$/);
  assert.equal(buildHash(a), buildHash(b));
  assert.notEqual(buildHash(a), buildHash(fakeBuild({ 'remoteEntry.js': 'z', 'mf-manifest.json': MANIFEST, 'ssr/remoteEntry.js': 'y' })));
  assert.notEqual(buildHash(a), buildHash(fakeBuild({ 'remoteEntry.js': 'x', 'mf-manifest.json': MANIFEST, 'ssr/other.js': 'y' })));
  assert.equal(buildSize(fakeBuild({ 'a.js': '12345', 'a.js.br': '12', 'a.js.gz': '123' })), 5, 'precompressed copies are not counted');
});

test('a build is stored once, complete, and never changed by a second release of the same hash', () => {
  const dist = fakeBuild({ 'remoteEntry.js': 'first' });
  const store = mkdtempSync(path.join(tmpdir(), 'store-'));
  const first = storeBuild(dist, store, 'mfe-catalog', 'aaaaaaaaaaaa');
  assert.equal(first.copied, true);
  writeFileSync(path.join(dist, 'remoteEntry.js'), 'changed');
  const again = storeBuild(dist, store, 'mfe-catalog', 'aaaaaaaaaaaa');
  assert.equal(again.copied, false);
  assert.equal(readFileSync(path.join(store, 'mfe-catalog', 'aaaaaaaaaaaa', 'remoteEntry.js'), 'utf8'), 'first');
  storeBuild(dist, store, 'mfe-catalog', 'bbbbbbbbbbbb');
  assert.deepEqual(unretained(store, 'mfe-catalog', ['bbbbbbbbbbbb']), ['aaaaaaaaaaaa']);
  assert.deepEqual(unretained(store, 'mfe-auth', []), [], 'an app with no store folder');
});

test("a remote requires its manifest's ranges of the gated packages only; a shell provides the installed versions", () => {
  const dist = fakeBuild({ 'mf-manifest.json': MANIFEST });
  const appDir = fakeBuild({ 'package.json': JSON.stringify({ dependencies: { 'react-router': '^7.0.0', mobx: '*' } }) });
  const remote = describeBuild({ distDir: dist, appDir, isShell: false, gitCommit: 'abc' });
  assert.deepEqual(remote.requires, { react: '^19.3.1', 'react-router': '^7.0.0', '@excursio/shared': '^2.4.0' });
  assert.deepEqual(remote.provides, {});
  assert.deepEqual(remote.exposes, ['./routes']);
  const shellDir = path.resolve(import.meta.dirname, '../../shell');
  const shell = describeBuild({ distDir: dist, appDir: shellDir, isShell: true });
  const react = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/react/package.json'), 'utf8')).version;
  assert.equal(shell.provides.react, react);
  assert.ok(shell.provides['@excursio/shared'] && shell.provides.mobx);
});
