// node --test: security headers of the shell's pages and the remotes' files (issue 16, finding 6).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startStaticServer } from './staticServer.mjs';
import { configJson, remotesJson } from './runtimeConfig.mjs';
import { serverEnv } from './env.mjs';
import { hasTokenParam, inlineScriptHashes, isProduction, realtimeOrigin, shellCsp } from './securityHeaders.mjs';

const START = 'history.replaceState(null,"","/")';
const INDEX = `<html><head><script>${START}</script><script type="application/json" id="excursio-runtime">{"a":1}</script></head><body><script defer src="/main.js"></script></body></html>`;
const hashOf = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function directives(csp) {
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

async function serve(opts) {
  const root = mkdtempSync(path.join(tmpdir(), 'static-sec-'));
  writeFileSync(path.join(root, 'index.html'), INDEX);
  // the build's precompressed copies, as the production build writes them
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var x = 1;');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, ...opts });
  return { app, base: `http://127.0.0.1:${app.server.address().port}` };
}

test('inline script hashes: executable blocks only, JSON data blocks are not scripts', () => {
  assert.deepEqual(inlineScriptHashes(INDEX), [hashOf(START)]);
  assert.deepEqual(inlineScriptHashes('<script type="module">a()</script><script src="/x.js"></script>'), [hashOf('a()')]);
});

test('the CSP allows the shell, the registered remotes, the api and the realtime socket, and nothing else', () => {
  const env = { PUBLIC_API_BASE: 'https://api.excursio.example', REALTIME_WS_HOST: 'ws.excursio.example', REALTIME_WS_PORT: '443', REALTIME_FORCE_TLS: 'true' };
  const d = directives(shellCsp({ remotes: remotesJson(serverEnv(env)), config: configJson(serverEnv(env)), scriptHashes: ["'sha256-abc'"] }));
  const remoteOrigins = ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004', 'http://localhost:3005', 'http://localhost:3006'];
  assert.deepEqual(d['default-src'], ["'self'"]);
  assert.deepEqual(d['script-src'], ["'self'", ...remoteOrigins, "'sha256-abc'"]);
  assert.ok(!d['script-src'].includes("'unsafe-inline'") && !d['script-src'].includes("'unsafe-eval'"));
  assert.deepEqual(d['img-src'].slice(0, 4), ["'self'", 'data:', 'blob:', 'https://api.excursio.example']);
  for (const origin of ['https://api.excursio.example', 'wss://api.excursio.example', 'wss://ws.excursio.example:443', ...remoteOrigins]) {
    assert.ok(d['connect-src'].includes(origin), origin);
  }
  assert.deepEqual(d['frame-ancestors'], ["'none'"]);
  assert.deepEqual(d['object-src'], ["'none'"]);
  // defaults (npm start): the api and the socket are the page's own origin (the shell proxies /api and /app)
  const local = directives(shellCsp({ remotes: remotesJson(serverEnv({})), config: configJson(serverEnv({})) }));
  assert.deepEqual(local['connect-src'], ["'self'", ...remoteOrigins]);
  assert.equal(realtimeOrigin({ wsHost: 'evil; script-src *' }), null);
});

test('pages (/, a city, an account page) carry the CSP and the other security headers; no HSTS outside production', async () => {
  const csp = (hashes) => shellCsp({ remotes: remotesJson(serverEnv({})), config: configJson(serverEnv({})), scriptHashes: hashes });
  const { app, base } = await serve({ spa: true, csp });
  try {
    for (const page of ['/', '/excursion/city/moskva', '/account/user', '/account/user/notification']) {
      const res = await fetch(`${base}${page}`);
      await res.arrayBuffer();
      assert.equal(res.status, 200, page);
      const d = directives(res.headers.get('content-security-policy') ?? '');
      assert.ok(d['script-src'].includes(hashOf(START)), `${page}: the inline start-up script is allowed by its hash`);
      assert.deepEqual(d['frame-ancestors'], ["'none'"]);
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\), microphone=\(\), geolocation=\(\)/);
      assert.equal(res.headers.get('strict-transport-security'), null);
    }
    // a ?token= sign-in link: nothing fetched before the token has left the address may carry it in a Referer
    const withToken = await fetch(`${base}/?token=abc`);
    await withToken.arrayBuffer();
    assert.equal(withToken.headers.get('referrer-policy'), 'no-referrer');
    // the shell's own files: nosniff too
    const file = await fetch(`${base}/remoteEntry.js`);
    await file.arrayBuffer();
    assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
  } finally {
    await app.close();
  }
});

test('every HTML answer carries the pages\' headers: /index.html and any .html file served as a file, with br or gzip too', async () => {
  const csp = (hashes) => shellCsp({ remotes: remotesJson(serverEnv({})), config: configJson(serverEnv({})), scriptHashes: hashes });
  const { app, base } = await serve({ spa: true, csp });
  const remote = await serve({ cors: true });
  try {
    const page = (await fetch(`${base}/`)).headers.get('content-security-policy');
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await fetch(`${base}/index.html`, { headers: { 'accept-encoding': encoding } });
      assert.equal(res.status, 200, encoding);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(res.headers.get('content-security-policy'), page, `${encoding}: the same policy as the page at /`);
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\)/);
    }
    // a remote's HTML (none is built today): no framing, and no inline script runs
    const html = await fetch(`${remote.base}/index.html`);
    const d = directives(html.headers.get('content-security-policy') ?? '');
    assert.deepEqual(d['frame-ancestors'], ["'none'"]);
    assert.ok(d['script-src'].includes(hashOf(START)), "the file's own inline script is allowed by its hash");
    assert.equal(html.headers.get('x-frame-options'), 'DENY');
    // not HTML: no page headers
    assert.equal((await fetch(`${base}/remoteEntry.js`)).headers.get('content-security-policy'), null);
  } finally {
    await app.close();
    await remote.app.close();
  }
});

test('HSTS in production only', async () => {
  assert.equal(isProduction({ APP_ENV: 'production' }), true);
  assert.equal(isProduction({ NODE_ENV: 'production' }), true);
  assert.equal(isProduction({ APP_ENV: 'development', NODE_ENV: 'production' }), false);
  assert.equal(isProduction({}), false);
  const { app, base } = await serve({ spa: true, production: true });
  try {
    assert.equal((await fetch(`${base}/`)).headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  } finally {
    await app.close();
  }
});

test("a remote's files: nosniff, Referrer-Policy, CORS as before and Cross-Origin-Resource-Policy: cross-origin", async () => {
  const { app, base } = await serve({ cors: true });
  try {
    const res = await fetch(`${base}/remoteEntry.js`, { headers: { origin: 'http://localhost:3000' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(res.headers.get('strict-transport-security'), null);
  } finally {
    await app.close();
  }
});

test('hasTokenParam', () => {
  assert.equal(hasTokenParam('/?token=a'), true);
  assert.equal(hasTokenParam('/x?a=1&token='), true);
  assert.equal(hasTokenParam('/x?tokens=1'), false);
  assert.equal(hasTokenParam('/x'), false);
});
