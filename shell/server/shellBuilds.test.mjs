// node --test: the shell follows its own release pointer (issue 28) — each page is made of the shell release the
// request gets (its HTML, CSP hashes, preload hints), every release's files stay reachable at their usual addresses,
// a rollback is the old shell again, and with no shell release the server serves shell/dist exactly as before.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildFor, bucketOf, CONTENT_NAMED, POOL } from './releases.mjs';
import { inlineScriptHashes } from './securityHeaders.mjs';
import { createShellBuilds, createShellFileUrl, renderBundleOf } from './shellBuilds.mjs';
import { startStaticServer } from './staticServer.mjs';

/** A shell build's folder: index.html with an inline start-up script and a footer, its entry, a lazy chunk. */
function shellBuild(name, files = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `shell-${name}-`));
  const all = {
    'index.html': `<html><head><title>Excursio</title></head><body><div id="root"><footer>${name}</footer></div><script>window.started=${JSON.stringify(name)}</script><script defer src="/main.${files.main}.js"></script></body></html>`,
    [`main.${files.main}.js`]: `main of ${name}`,
    [`lazy.${files.lazy}.js`]: `lazy chunk of ${name}`,
    'mf-manifest.json': JSON.stringify({ name, shared: [] }),
    'ssr/render.cjs': `// render bundle of ${name}`,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function site() {
  const dist = shellBuild('dist', { main: '00000000', lazy: '0000000a' });
  const store = mkdtempSync(path.join(tmpdir(), 'store-'));
  // stored as scripts/release/store.mjs does: the build's folder, and its content-named web files in the pool
  const release = (name, hash, files) => {
    const dir = shellBuild(name, files);
    cpSync(dir, path.join(store, 'shell', hash), { recursive: true });
    mkdirSync(path.join(store, 'shell', POOL), { recursive: true });
    for (const file of readdirSync(dir)) if (CONTENT_NAMED.test(file)) cpSync(path.join(dir, file), path.join(store, 'shell', POOL, file));
    return hash;
  };
  const a = release('release A', 'a1a1a1a1a1a1', { main: 'aaaaaaaa', lazy: 'aaaaaaab' });
  const b = release('release B', 'b2b2b2b2b2b2', { main: 'bbbbbbbb', lazy: 'bbbbbbbc' });
  const state = { live: {} };
  const shellAt = (bucket) => (state.live.shell ? buildFor(state.live.shell, bucket) : null);
  const builds = createShellBuilds({ distDir: dist, bundle: null, storeDir: store, log: () => undefined });
  const app = await startStaticServer({
    closeDrainMs: 0,
    root: dist,
    host: '127.0.0.1',
    port: 0,
    spa: true,
    csp: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
    shellBuilds: { own: builds.own, get: builds.get, forRequest: (request) => builds.get(shellAt(bucketOf(request.headers.cookie))) },
    shellFiles: {
      dir: path.join(store, 'shell'),
      prefix: '/shell/',
      rewrite: createShellFileUrl({ storeDir: store, prefix: '/shell/', shellFor: (req) => shellAt(bucketOf(req.headers.cookie)) }),
    },
  });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const pointTo = (hash, canary = null) => (state.live = hash ? { shell: { release: { id: 1, build_hash: hash }, canary } } : {});
  return { app, base, a, b, pointTo, store };
}

const footer = (html) => /<footer>([^<]*)<\/footer>/.exec(html)?.[1];
const hashOf = (name) => inlineScriptHashes(`<script>window.started=${JSON.stringify(name)}</script>`)[0];

test('no shell release: shell/dist as ever; a release: its page, CSP and files; a rollback: the old shell again', async () => {
  const { app, base, a, b, pointTo } = await site();
  try {
    const fresh = await fetch(`${base}/excursion/cities`);
    assert.equal(footer(await fresh.text()), 'dist');
    assert.match(fresh.headers.get('content-security-policy'), new RegExp(hashOf('dist').replace(/[+/]/g, '\\$&')));
    assert.equal(await (await fetch(`${base}/main.00000000.js`)).text(), 'main of dist');

    pointTo(a);
    const released = await fetch(`${base}/excursion/cities`);
    const html = await released.text();
    assert.equal(footer(html), 'release A');
    assert.match(html, /src="\/main\.aaaaaaaa\.js"/);
    const csp = released.headers.get('content-security-policy');
    assert.ok(csp.includes(hashOf('release A')), 'the release’s inline script is allowed');
    assert.ok(!csp.includes(hashOf('dist')), 'shell/dist’s is not');
    const entry = await fetch(`${base}/main.aaaaaaaa.js`);
    assert.equal(await entry.text(), 'main of release A');
    assert.equal(entry.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const manifest = await fetch(`${base}/mf-manifest.json`);
    assert.equal((await manifest.json()).name, 'release A', 'its other files come from its folder');
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    assert.equal(await (await fetch(`${base}/main.00000000.js`)).text(), 'main of dist', 'a tab opened before the first release still loads its files');
    assert.equal((await fetch(`${base}/shell/${a}/ssr/render.cjs`)).status, 404, 'the render bundle is never served');
    assert.equal((await fetch(`${base}/shell/${a}/main.aaaaaaaa.js`)).status, 200, 'the release’s own path');

    pointTo(b);
    assert.equal(footer(await (await fetch(`${base}/`)).text()), 'release B');
    // a tab started on A: its lazy chunk still loads after the pointer moved
    const oldChunk = await fetch(`${base}/lazy.aaaaaaab.js`);
    assert.equal(oldChunk.status, 200);
    assert.equal(await oldChunk.text(), 'lazy chunk of release A');

    pointTo(a);
    assert.equal(footer(await (await fetch(`${base}/account/user`)).text()), 'release A', 'rolled back');
  } finally {
    await app.close();
  }
});

test('a shell canary: a browser in its share gets the canary shell, the others the live one, each sticking to its side', async () => {
  const { app, base, a, b, pointTo } = await site();
  try {
    pointTo(a, { id: 2, build_hash: b, percent: 30 });
    const page = async (bucket) => footer(await (await fetch(`${base}/`, { headers: { cookie: `excursio_bucket=${bucket}` } })).text());
    assert.equal(await page(0), 'release B');
    assert.equal(await page(29), 'release B');
    assert.equal(await page(30), 'release A');
    assert.equal(await page(99), 'release A');
    const manifest = async (bucket) => (await (await fetch(`${base}/mf-manifest.json`, { headers: { cookie: `excursio_bucket=${bucket}` } })).json()).name;
    assert.equal(await manifest(0), 'release B');
    assert.equal(await manifest(99), 'release A');
  } finally {
    await app.close();
  }
});

test('a release missing from this server’s store: shell/dist is served (and said in the log), never an error page', async () => {
  const { app, base, pointTo } = await site();
  try {
    pointTo('ffffffffffff');
    const res = await fetch(`${base}/`);
    assert.equal(res.status, 200);
    assert.equal(footer(await res.text()), 'dist');
  } finally {
    await app.close();
  }
});

test('only a root file of the store is rewritten: pages, the api, runtime files and unknown files keep their address', () => {
  const files = new Set(['/s/shell/chunks/main.1a2b3c4d.js', '/s/shell/abc123abc123/index.html', '/s/shell/abc123abc123/mf-manifest.json']);
  const rewrite = createShellFileUrl({ storeDir: '/s', prefix: '/shell/', shellFor: () => 'abc123abc123', exists: (file) => files.has(file) });
  const url = (u, method = 'GET') => rewrite({ url: u, method, headers: {} });
  assert.equal(url('/main.1a2b3c4d.js'), '/shell/chunks/main.1a2b3c4d.js');
  assert.equal(url('/main.1a2b3c4d.js?v=1'), '/shell/chunks/main.1a2b3c4d.js?v=1');
  assert.equal(url('/mf-manifest.json'), '/shell/abc123abc123/mf-manifest.json');
  for (const same of ['/', '/excursion/cities', '/api/x.json', '/remotes.json', '/config.json', '/robots.txt', '/x/main.1a2b3c4d.js', '/..%2fsecret.js']) assert.equal(url(same), same);
  assert.equal(url('/main.1a2b3c4d.js', 'POST'), '/main.1a2b3c4d.js');
  const none = createShellFileUrl({ storeDir: '/s', prefix: '/shell/', shellFor: () => null, exists: () => false });
  assert.equal(none({ url: '/main.1a2b3c4d.js', method: 'GET', headers: {} }), '/main.1a2b3c4d.js', 'no release: nothing is rewritten');
});

test('the render bundle: a stored shell release’s own (ssr/render.cjs), shell/dist-server’s with none or an unknown one', () => {
  const files = new Set(['/s/shell/abc123abc123/index.html', '/s/shell/abc123abc123/ssr/render.cjs', '/s/shell/def456def456/index.html', '/repo/shell/dist-server/render.cjs']);
  const exists = (file) => files.has(file);
  const distBundle = '/repo/shell/dist-server/render.cjs';
  assert.deepEqual(renderBundleOf({ storeDir: '/s', distBundle, hash: null, exists }), { file: distBundle, shell: null });
  assert.deepEqual(renderBundleOf({ storeDir: '/s', distBundle, hash: 'abc123abc123', exists }), { file: '/s/shell/abc123abc123/ssr/render.cjs', shell: 'abc123abc123' });
  assert.deepEqual(renderBundleOf({ storeDir: '/s', distBundle, hash: 'def456def456', exists }), { file: null, shell: 'def456def456' }, 'stored without one: none');
  assert.deepEqual(renderBundleOf({ storeDir: '/s', distBundle, hash: '999999999999', exists }), { file: distBundle, shell: null }, 'not in the store: shell/dist’s');
});
