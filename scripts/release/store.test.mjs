// node --test: the release store — a build's content hash, its immutable folder, what it tells the registry.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../../shell/server/staticServer.mjs';
import { buildHash, buildSize, describeBuild, filesOf, poolLeftovers, prunePool, stageShellBuild, storeBuild, unretained } from './store.mjs';

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

test("a release's content-named web file is sent to the pool's one address (a returning browser has it); the rest is served in place", async () => {
  const store = mkdtempSync(path.join(tmpdir(), 'pool-'));
  const build = (text) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(dir, 'remoteEntry.js'), `entry ${text}`);
    writeFileSync(path.join(dir, 'page.1234abcd.js'), 'same page');
    writeFileSync(path.join(dir, `changed.${text === 'a' ? 'aaaaaaaa' : 'bbbbbbbb'}.js`), `changed ${text}`);
    writeFileSync(path.join(dir, 'ssr', 'page.1234abcd.js'), 'node page');
    return dir;
  };
  storeBuild(build('a'), store, 'mfe-catalog', 'aaaaaaaaaaaa');
  storeBuild(build('b'), store, 'mfe-catalog', 'bbbbbbbbbbbb');
  const root = mkdtempSync(path.join(tmpdir(), 'remote-'));
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, cors: true, releases: { storeDir: store, appDir: 'mfe-catalog' } });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    for (const release of ['aaaaaaaaaaaa', 'bbbbbbbbbbbb']) {
      const moved = await fetch(`${base}/mfe-catalog/${release}/page.1234abcd.js`, { redirect: 'manual' });
      assert.equal(moved.status, 301);
      assert.equal(moved.headers.get('location'), '/mfe-catalog/chunks/page.1234abcd.js', 'one address for both releases');
      assert.equal(moved.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    }
    const pooled = await fetch(`${base}/mfe-catalog/chunks/page.1234abcd.js`);
    assert.equal(await pooled.text(), 'same page');
    assert.equal(pooled.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(await (await fetch(`${base}/mfe-catalog/bbbbbbbbbbbb/changed.bbbbbbbb.js`)).text(), 'changed b', 'followed to the pool');
    const entry = await fetch(`${base}/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js`, { redirect: 'manual' });
    assert.equal(await entry.text(), 'entry a', 'an entry is its release\'s own');
    const node = await fetch(`${base}/mfe-catalog/aaaaaaaaaaaa/ssr/page.1234abcd.js`, { redirect: 'manual' });
    assert.equal(node.status, 200, 'the Node build is never redirected');
  } finally {
    await app.close();
  }
});

test('retention: the pool loses exactly the files that only deleted builds used; a kept build keeps every file it has', () => {
  const store = mkdtempSync(path.join(tmpdir(), 'retain-'));
  const files = (list) => Object.fromEntries(list.map((name) => [name, `content of ${name}`]));
  // a: its own file and two shared; b: one shared with a, one with c; c: the newest
  storeBuild(fakeBuild(files(['remoteEntry.js', 'only-a.aaaaaaaa.js', 'ab.abababab.js', 'ac.acacacac.css', 'nested/only-a.a0a0a0a0.js', 'ssr/page.12121212.js'])), store, 'mfe-catalog', 'aaaaaaaaaaaa');
  storeBuild(fakeBuild(files(['remoteEntry.js', 'ab.abababab.js', 'bc.bcbcbcbc.js', 'only-b.bbbbbbbb.js'])), store, 'mfe-catalog', 'bbbbbbbbbbbb');
  storeBuild(fakeBuild(files(['remoteEntry.js', 'ac.acacacac.css', 'bc.bcbcbcbc.js', 'only-c.cccccccc.js'])), store, 'mfe-catalog', 'cccccccccccc');
  const pool = path.join(store, 'mfe-catalog', 'chunks');
  assert.deepEqual(filesOf(pool), ['ab.abababab.js', 'ac.acacacac.css', 'bc.bcbcbcbc.js', 'nested/only-a.a0a0a0a0.js', 'only-a.aaaaaaaa.js', 'only-b.bbbbbbbb.js', 'only-c.cccccccc.js']);
  assert.deepEqual(poolLeftovers(store, 'mfe-catalog'), [], 'nothing is left over while every build is stored');

  // retain keeps b and c (the last two): a's folder goes, and with it what only a used
  rmSync(path.join(store, 'mfe-catalog', 'aaaaaaaaaaaa'), { recursive: true });
  // a release being copied meanwhile uses one of a's files: it stays
  mkdirSync(path.join(store, 'mfe-catalog', '.draft-dddddddddddd-1', 'nested'), { recursive: true });
  writeFileSync(path.join(store, 'mfe-catalog', '.draft-dddddddddddd-1', 'nested', 'only-a.a0a0a0a0.js'), 'content of nested/only-a.a0a0a0a0.js');
  assert.deepEqual(prunePool(store, 'mfe-catalog'), ['only-a.aaaaaaaa.js']);
  assert.deepEqual(filesOf(pool), ['ab.abababab.js', 'ac.acacacac.css', 'bc.bcbcbcbc.js', 'nested/only-a.a0a0a0a0.js', 'only-b.bbbbbbbb.js', 'only-c.cccccccc.js']);

  // the draft is gone too, and b is not retained: only c's files stay, and an emptied folder goes
  rmSync(path.join(store, 'mfe-catalog', '.draft-dddddddddddd-1'), { recursive: true });
  rmSync(path.join(store, 'mfe-catalog', 'bbbbbbbbbbbb'), { recursive: true });
  assert.deepEqual(prunePool(store, 'mfe-catalog').sort(), ['ab.abababab.js', 'nested/only-a.a0a0a0a0.js', 'only-b.bbbbbbbb.js']);
  assert.deepEqual(filesOf(pool), ['ac.acacacac.css', 'bc.bcbcbcbc.js', 'only-c.cccccccc.js']);
  assert.equal(existsSync(path.join(pool, 'nested')), false);
  for (const file of filesOf(path.join(store, 'mfe-catalog', 'cccccccccccc')).filter((f) => /\.[0-9a-f]{8}\./.test(f))) {
    assert.equal(readFileSync(path.join(pool, file), 'utf8'), `content of ${file}`, `${file} of the kept build is still pooled`);
  }
  assert.deepEqual(prunePool(store, 'mfe-auth'), [], 'an app with no store folder');
});

test('retention re-pools the builds left: a file deleted while a release was storing its build comes back', () => {
  const store = mkdtempSync(path.join(tmpdir(), 'retain-race-'));
  storeBuild(fakeBuild({ 'remoteEntry.js': 'e', 'page.12341234.js': 'page' }), store, 'mfe-catalog', 'aaaaaaaaaaaa');
  // the release's pooling found the file present, then it was deleted as a leftover of another build
  rmSync(path.join(store, 'mfe-catalog', 'chunks', 'page.12341234.js'));
  assert.deepEqual(prunePool(store, 'mfe-catalog'), []);
  assert.equal(readFileSync(path.join(store, 'mfe-catalog', 'chunks', 'page.12341234.js'), 'utf8'), 'page');
});

test('a shell release is its client build and its render bundle in one folder: the hash covers both; only web files are pooled', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'shell-'));
  const client = { 'index.html': '<div id="root"></div><script defer src="/main.1a2b3c4d.js"></script>', 'main.1a2b3c4d.js': 'client' };
  for (const [name, text] of Object.entries(client)) {
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'dist', name), text);
  }
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist-server', 'render.cjs'), 'server A');
  writeFileSync(path.join(root, 'dist-server', '22.0a0b0c0d.cjs'), 'chunk');
  const stage = (n) => stageShellBuild(path.join(root, 'dist'), mkdtempSync(path.join(tmpdir(), `stage${n}-`)));
  const a = stage(1);
  assert.deepEqual(filesOf(a), ['index.html', 'main.1a2b3c4d.js', 'ssr/22.0a0b0c0d.cjs', 'ssr/render.cjs']);
  writeFileSync(path.join(root, 'dist-server', 'render.cjs'), 'server B');
  const b = stage(2);
  assert.notEqual(buildHash(a), buildHash(b), 'a change of the render bundle alone is another release');
  assert.notEqual(buildHash(a), buildHash(path.join(root, 'dist')));

  const store = mkdtempSync(path.join(tmpdir(), 'store-'));
  const stored = storeBuild(b, store, 'shell', buildHash(b));
  assert.equal(readFileSync(path.join(stored.dir, 'ssr', 'render.cjs'), 'utf8'), 'server B');
  assert.deepEqual(filesOf(path.join(store, 'shell', 'chunks')), ['main.1a2b3c4d.js'], 'the render bundle stays out of the pool');
  // a stored release's folder (--from <store>/shell/<hash>) is a complete release already
  assert.equal(stageShellBuild(stored.dir, mkdtempSync(path.join(tmpdir(), 'stage3-'))), stored.dir);
  assert.equal(buildHash(stored.dir), buildHash(b));
  rmSync(path.join(root, 'dist-server'), { recursive: true });
  assert.throws(() => stage(4), /no server-render bundle/);
});
