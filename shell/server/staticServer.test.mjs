// node --test: the shell server's reverse proxy when the api cannot be reached; robots.txt and the sitemap.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { canonicalTarget, siteOrigin } from './addressRules.mjs';
import { API_UNAVAILABLE_MESSAGE, SITEMAP_API_PATH } from './apiProxy.mjs';
import { startAfterPaint } from './pageTemplate.mjs';
import { startStaticServer } from './staticServer.mjs';
import { inlineScriptHashes } from './securityHeaders.mjs';

/** A port nothing listens on (taken, then released). */
async function closedPort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('an api that is down (or still starting) is answered with 502 and a Russian message in the api error shape', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, apiUrl: `http://127.0.0.1:${await closedPort()}` });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const res = await fetch(`${base}/api/excursion/public/excursion/cities`);
    assert.equal(res.status, 502);
    assert.equal(res.headers.get('retry-after'), '5');
    assert.deepEqual(await res.json(), { message: API_UNAVAILABLE_MESSAGE, errors: {} });
    // pages are still served
    const page = await fetch(`${base}/excursion/cities`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<body>/);
  } finally {
    await app.close();
  }
});

test('robots.txt keeps crawlers to the catalog and names the sitemap, which comes from the api at the root', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
  const api = Fastify();
  api.get(SITEMAP_API_PATH, async (request, reply) =>
    reply.type('application/xml').send(`<urlset><url><loc>from ${request.headers['x-forwarded-host']}</loc></url></urlset>`),
  );
  await api.listen({ port: 0, host: '127.0.0.1' });
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, apiUrl: `http://127.0.0.1:${api.server.address().port}` });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const robots = await fetch(`${base}/robots.txt`);
    assert.equal(robots.status, 200);
    assert.match(robots.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await robots.text();
    // no FRONTEND_ORIGINS: the server's own origin, not the address the request came through
    const own = `http://localhost:${app.server.address().port}`;
    for (const line of ['User-agent: *', 'Disallow: /account/', 'Disallow: /*/order$', 'Disallow: /*?token=', 'Disallow: /api/', `Sitemap: ${own}/sitemap.xml`]) {
      assert.ok(text.split('\n').includes(line), line);
    }
    const sitemap = await fetch(`${base}/sitemap.xml`);
    assert.equal(sitemap.status, 200);
    assert.match(sitemap.headers.get('content-type') ?? '', /^application\/xml/);
    // the api learns the site's host from the edge, to write absolute addresses
    assert.equal(await sitemap.text(), `<urlset><url><loc>from 127.0.0.1:${app.server.address().port}</loc></url></urlset>`);
  } finally {
    await app.close();
    await api.close();
  }
});

test('a page address with capitals or a trailing slash is a 301 to its canonical form; a sign-in link is left to the page', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const get = (p) => fetch(`${base}${p}`, { redirect: 'manual' });
    const moves = [
      ['/Excursion/Moskva/?page=2', '/excursion/moskva?page=2'],
      ['/blog/', '/blog'],
      ['/excursion/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0', '/excursion/%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0'],
    ];
    for (const [from, to] of moves) {
      const res = await get(from);
      assert.equal(res.status, 301, from);
      assert.equal(res.headers.get('location'), to, from);
    }
    // never a protocol-relative Location to another site (the static files answer `//host/` themselves: 403)
    for (const odd of ['//Evil.example/', '/\\Evil.example/']) {
      assert.doesNotMatch((await get(odd)).headers.get('location') ?? '/', /^[/\\]{2}/, odd);
    }
    assert.equal(canonicalTarget('//Evil.example/'), '/evil.example');
    assert.equal(canonicalTarget('/\\Evil.example'), '/%5Cevil.example');
    for (const fine of ['/', '/excursion/moskva', '/blog?page=2', '/Account/User?token=abc']) {
      const res = await get(fine);
      assert.equal(res.status, 200, fine);
      assert.match(await res.text(), /<body>/);
    }
  } finally {
    await app.close();
  }
});

test('an address without an extension is a page, answered without looking for a file (a file of that name is never sent); files are still files', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body>the page</body></html>');
  writeFileSync(path.join(root, 'catalog'), 'a file without an extension');
  writeFileSync(path.join(root, 'main.0123abcd.js'), 'console.log(1)');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    for (const page of ['/catalog', '/excursion/moskva', '/excursion/moskva/kreml?date=2026-12-01']) {
      const res = await fetch(`${base}${page}`);
      assert.equal(res.status, 200, page);
      assert.match(res.headers.get('content-type'), /^text\/html/, page);
      assert.match(await res.text(), /the page/, page);
    }
    const file = await fetch(`${base}/main.0123abcd.js`);
    assert.equal(file.status, 200);
    assert.equal(await file.text(), 'console.log(1)');
    assert.equal((await fetch(`${base}/missing.0123abcd.js`)).status, 404);
  } finally {
    await app.close();
  }
});

test('catalog pages come rendered on the server: status, head tags, inline styles, HTML in #root and the data after it', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head><title>Excursio</title><link href="/main.css" rel="stylesheet"></head><body><div id="root"><div class="frame">…</div></div><script defer src="/main.js"></script></body></html>');
  writeFileSync(path.join(root, 'main.css'), '.sh{color:blue}');
  const calls = [];
  const pinnedSeen = [];
  const ssr = {
    remote: 'mfe_catalog',
    async render(request) {
      calls.push(request.url);
      const { pathname } = new URL(request.url);
      if (pathname === '/down') return null;
      if (pathname === '/old') return { kind: 'redirect', status: 301, location: '/new' };
      if (pathname === '/form') return { kind: 'client' };
      return {
        kind: 'page',
        status: pathname === '/nope' ? 404 : 200,
        head: '<title>Города — Excursio</title><meta name="description" content="d"/>',
        html: '<div class="sh-app"><h1>Города</h1></div>',
        data: JSON.stringify({ loaderData: { root: { origin: 'x</script>' } } }),
        css: '.a{color:red}',
        webEntry: 'http://r.test/remoteEntry.abc.js',
        build: 'abc',
      };
    },
  };
  const head = async (pathname, pinned) => {
    pinnedSeen.push(pinned);
    return '<script type="application/json" id="excursio-runtime">{}</script><link rel="preload" as="script" href="/main.js"><link rel="preload" as="script" href="http://r.test/remoteEntry.abc.js">';
  };
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, ssr, head });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const page = await fetch(`${base}/excursion/cities`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-rendered-by'), 'ssr abc');
    const html = await page.text();
    // the shell's stylesheet inline too; the scripts are not preloaded before the first paint but named for later
    assert.match(html, /<head><style>\.sh\{color:blue\}<\/style><title>Города — Excursio<\/title><meta name="description" content="d"\/><script type="application\/json" id="excursio-runtime">\{\}<\/script><link data-after-paint href="\/main.js"><link data-after-paint href="http:\/\/r.test\/remoteEntry.abc.js"><style data-ssr-css>\.a\{color:red\}<\/style><\/head>/);
    assert.doesNotMatch(html, /<title>Excursio<\/title>|rel="stylesheet"|<link rel="preload"|<script defer/);
    const start = startAfterPaint('/main.js');
    assert.match(html, /<div id="root"><div class="sh-app"><h1>Города<\/h1><\/div><\/div><script type="application\/json" id="excursio-router-data">\{"loaderData":\{"root":\{"origin":"x\\u003c\/script>"\}\}\}<\/script>/);
    assert.ok(html.includes(`${start}</body>`), 'the entry starts after the first paint');
    // the start-up script is allowed by the page's CSP
    assert.ok(page.headers.get('content-security-policy').includes(inlineScriptHashes(start)[0]));
    assert.deepEqual(pinnedSeen[0], { mfe_catalog: 'http://r.test/remoteEntry.abc.js' });

    assert.equal((await fetch(`${base}/nope`)).status, 404);
    const moved = await fetch(`${base}/old`, { redirect: 'manual' });
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/new');

    // a page the remote keeps to the browser: the client-rendered page, cacheable as ever
    const form = await fetch(`${base}/form`);
    assert.equal(form.status, 200);
    assert.equal(form.headers.get('cache-control'), 'no-cache');
    assert.equal(form.headers.get('x-rendered-by'), null);

    const down = await fetch(`${base}/down`);
    assert.equal(down.status, 200);
    assert.equal(down.headers.get('cache-control'), 'no-store');
    const downHtml = await down.text();
    assert.match(downHtml, /<div class="frame">…<\/div>/);
    // a client-rendered page keeps its stylesheet link, preloads and deferred entry
    assert.match(downHtml, /<link href="\/main.css" rel="stylesheet">.*<link rel="preload" as="script" href="\/main.js">.*<script defer src="\/main.js">/s);

    // sign-in links and account pages stay with the browser
    const before = calls.length;
    await fetch(`${base}/excursion?token=abc`);
    const account = await fetch(`${base}/account/user`);
    assert.equal(calls.length, before);
    assert.equal(account.headers.get('cache-control'), 'no-cache');
  } finally {
    await app.close();
  }
});

test('a page is rendered for a configured origin only: a forged Host never reaches its addresses', async () => {
  const request = (host) => ({ protocol: 'https', host });
  assert.equal(siteOrigin(request('excursio.example'), ['https://excursio.example', 'https://www.excursio.example']), 'https://excursio.example');
  assert.equal(siteOrigin(request('www.excursio.example'), ['https://excursio.example', 'https://www.excursio.example']), 'https://www.excursio.example');
  assert.equal(siteOrigin(request('evil.example'), ['https://excursio.example']), 'https://excursio.example');
});

/** GET `path` from a local server with the Host header a client chooses. */
function getWithHost(port, pathname, host) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      })
      .on('error', reject);
  });
}

test('without FRONTEND_ORIGINS (development) a forged Host reaches neither the rendered page nor robots.txt', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  const urls = [];
  const ssr = {
    remote: 'mfe_catalog',
    readiness: () => 'warm',
    async render(request) {
      urls.push(request.url);
      return { kind: 'page', status: 200, head: '', html: '<h1>Города</h1>', data: '{}', css: '', webEntry: 'http://r.test/remoteEntry.js', build: 'abc' };
    },
  };
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, ssr });
  try {
    const { port } = app.server.address();
    assert.equal((await getWithHost(port, '/excursion/cities', 'evil.example')).status, 200);
    assert.deepEqual(urls, [`http://localhost:${port}/excursion/cities`]);
    const robots = await getWithHost(port, '/robots.txt', 'evil.example');
    assert.match(robots.text, new RegExp(`Sitemap: http://localhost:${port}/sitemap.xml`));
    assert.doesNotMatch(robots.text, /evil/);
  } finally {
    await app.close();
  }
});

test('/live answers as soon as the server listens; /ready is 503 until the first render generation is warm or given up', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  let state = 'starting';
  const ssr = { remote: 'mfe_catalog', readiness: () => state, render: async () => null };
  const shell = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, ssr });
  const remote = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, cors: true });
  try {
    const base = `http://127.0.0.1:${shell.server.address().port}`;
    assert.equal((await fetch(`${base}/live`)).status, 200);
    const starting = await fetch(`${base}/ready`);
    assert.equal(starting.status, 503);
    assert.equal(starting.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await starting.json(), { ready: false, rendering: 'starting' });
    for (const done of ['warm', 'given-up']) {
      state = done;
      const ready = await fetch(`${base}/ready`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { ready: true, rendering: done });
    }
    // a server that renders nothing (a remote's, or the shell with SSR=off) is ready once it listens
    assert.deepEqual(await (await fetch(`http://127.0.0.1:${remote.server.address().port}/ready`)).json(), { ready: true, rendering: 'off' });
  } finally {
    await shell.close();
    await remote.close();
  }
});

test('the shell is not ready until the api it proxies has answered: a stack is never used before its api is up', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  const api = http.createServer((request, response) => {
    response.writeHead(request.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' }).end('{"status":true}');
  });
  // the api's port, known before it listens: the shell starts first, as under `npm start`
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiPort = api.address().port;
  await new Promise((resolve) => api.close(resolve));
  const ssr = { remote: 'mfe_catalog', readiness: () => 'warm', render: async () => null };
  const shell = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, ssr, apiUrl: `http://127.0.0.1:${apiPort}` });
  try {
    const base = `http://127.0.0.1:${shell.server.address().port}`;
    const before = await fetch(`${base}/ready`);
    assert.equal(before.status, 503);
    assert.deepEqual(await before.json(), { ready: false, rendering: 'warm', api: 'down' });
    await new Promise((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
    const after = await fetch(`${base}/ready`);
    assert.equal(after.status, 200);
    assert.deepEqual(await after.json(), { ready: true, rendering: 'warm', api: 'up' });
    // once it has answered, an api that stops answering is reported but does not take the shell out of the balancer
    // (every shell asks the same api: all of them would leave at once)
    await new Promise((resolve) => api.close(resolve));
    api.closeAllConnections?.();
    const later = await fetch(`${base}/ready`);
    assert.equal(later.status, 200);
    assert.deepEqual(await later.json(), { ready: true, rendering: 'warm', api: 'down' });
    await new Promise((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
  } finally {
    await shell.close();
    await new Promise((resolve) => api.close(resolve));
  }
});

/** POST `body` the way curl does (`Expect: 100-continue`, the body once the server says continue), on a keep-alive agent. */
function postExpectingContinue(url, body) {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true });
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer, or the connection was left open, within 5 s'));
    }, 5_000);
    req.on('continue', () => req.end(body));
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        // a connection with an unread body behind it must end, not wait for a next request
        const closed = () => {
          clearTimeout(timer);
          agent.destroy();
          resolve({ status: res.statusCode, json: JSON.parse(text), connection: res.headers.connection });
        };
        if (res.statusCode < 400 || req.socket.destroyed) return closed();
        req.socket.once('close', closed);
      });
    });
  });
}

test('a body over the api limit sent with Expect: 100-continue through the proxy gets the 413 and a closed connection, not a 502', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
  // the api's answers as the api gives them: Fastify's 1 MB body limit, errors as { message, errors }
  const api = Fastify();
  api.setErrorHandler((error, request, reply) => reply.code(error.statusCode ?? 500).send({ message: error.message, errors: {} }));
  api.post('/api/excursion/user/profile', async (request) => ({ received: JSON.stringify(request.body).length }));
  await api.listen({ port: 0, host: '127.0.0.1' });
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, apiUrl: `http://127.0.0.1:${api.server.address().port}` });
  try {
    const url = `http://127.0.0.1:${app.server.address().port}/api/excursion/user/profile`;
    const small = await postExpectingContinue(url, JSON.stringify({ name: 'x'.repeat(2_000) }));
    assert.equal(small.status, 200);
    assert.deepEqual(small.json, { received: 2_011 });
    // the api's 413 and our write of the rest race: each of several attempts must end the same way
    for (let i = 0; i < 5; i++) {
      const big = await postExpectingContinue(url, JSON.stringify({ name: 'x'.repeat(1_100_000) }));
      assert.equal(big.status, 413, `attempt ${i + 1}`);
      assert.equal(typeof big.json.message, 'string');
      assert.deepEqual(big.json.errors, {});
      assert.equal(big.connection, 'close');
    }
  } finally {
    await app.close();
    await api.close();
  }
});

test('anonymous rendered pages are kept per catalog version: hit, then a change of the catalog renders at once; sessions and fallbacks bypass', async () => {
  const { createRenderCache } = await import('./ssr/renderCache.mjs');
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head><title>Excursio</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>');
  let price = 1900;
  let version = '7';
  let renders = 0;
  let down = false;
  // a browser on a canary's side (its cookie here) is rendered by the canary's build (./ssr/pinnedRenderers.mjs)
  const buildOf = (request) => (request?.headers.cookie === 'canary' ? 'can' : 'abc');
  const ssr = {
    remote: 'mfe_catalog',
    build: buildOf,
    async render(page, request) {
      renders += 1;
      const build = buildOf(request);
      const { pathname } = new URL(page.url);
      if (down || pathname === '/down') return null;
      if (pathname === '/old') return { kind: 'redirect', status: 301, location: '/new' };
      const missing = pathname === '/nope';
      const status = pathname === '/broken' ? 500 : missing ? 404 : 200;
      const title = missing ? 'Страница не найдена' : `от ${price} ₽`;
      return { kind: 'page', status, head: '<title>t</title>', html: `<h1>${title}${build === 'abc' ? '' : ` (${build})`}</h1>${'<p>текст</p>'.repeat(100)}`, data: '{}', css: '', webEntry: `http://r.test/${build}/e.js`, build };
    },
  };
  const renderCache = createRenderCache({ fetchVersion: async () => version, versionMaxAgeMs: 0 });
  let remotesList = 'A';
  const app = await startStaticServer({
    closeDrainMs: 0,
    root,
    host: '127.0.0.1',
    port: 0,
    spa: true,
    ssr,
    renderCache,
    cdnMaxAgeS: 5,
    // the remotes list a page inlines (a release of another remote moves it, a canary's side changes it)
    pageVariant: (request) => `${remotesList}${request.headers.cookie === 'canary' ? ' canary' : ''}`,
  });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const get = (url, headers = {}) => fetch(`${base}${url}`, { headers: { 'accept-encoding': 'br, gzip', ...headers }, redirect: 'manual' });
    const first = await get('/excursion/moskva');
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-render-cache'), 'miss');
    assert.equal(first.headers.get('content-encoding'), 'br');
    assert.equal(first.headers.get('cache-control'), 'public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    assert.equal(first.headers.get('vary'), 'Accept-Encoding');
    assert.equal(first.headers.get('x-rendered-by'), 'ssr abc');
    assert.ok(first.headers.get('content-security-policy'), 'a kept page has its CSP like any page');
    const etag = first.headers.get('etag');
    assert.match(await first.text(), /<h1>от 1900 ₽<\/h1>/);

    const second = await get('/excursion/moskva', { 'accept-encoding': 'gzip' });
    assert.equal(second.headers.get('x-render-cache'), 'hit');
    assert.equal(second.headers.get('content-encoding'), 'gzip');
    assert.match(await second.text(), /от 1900 ₽/);
    assert.equal(renders, 1);
    const revalidated = await get('/excursion/moskva', { 'if-none-match': etag });
    assert.equal(revalidated.status, 304, 'a CDN revalidates with the ETag');

    // a partner changes the price: the api's catalog version moves, the next page shows it
    price = 2500;
    version = '8';
    const changed = await get('/excursion/moskva');
    assert.equal(changed.headers.get('x-render-cache'), 'miss');
    assert.match(await changed.text(), /от 2500 ₽/);
    assert.notEqual(changed.headers.get('etag'), etag);

    // another remote released: the kept page inlined the old remotes list, so the page is rendered again
    remotesList = 'B';
    assert.equal((await get('/excursion/moskva')).headers.get('x-render-cache'), 'miss');
    assert.equal((await get('/excursion/moskva')).headers.get('x-render-cache'), 'hit');
    // a browser on a canary's side gets the page rendered from the canary's build, kept apart from the live one's
    const rendersBefore = renders;
    const canary = await get('/excursion/moskva', { cookie: 'canary' });
    assert.deepEqual([canary.headers.get('x-render-cache'), canary.headers.get('x-rendered-by')], ['miss', 'ssr can']);
    const canaryPage = await canary.text();
    assert.match(canaryPage, /от 2500 ₽ \(can\)/);
    assert.equal((await get('/excursion/moskva', { cookie: 'canary' })).headers.get('x-render-cache'), 'hit');
    assert.match(await (await get('/excursion/moskva')).text(), /<h1>от 2500 ₽<\/h1>/, 'the others still get the live build');
    assert.equal(renders, rendersBefore + 1);

    // a request with a session (an Authorization header) is never served from or kept in the cache
    const withSession = await get('/excursion/moskva', { authorization: 'Bearer x' });
    assert.equal(withSession.headers.get('x-render-cache'), 'bypass');
    assert.equal(withSession.headers.get('cache-control'), 'no-cache');

    // 404 is kept (robots apart from people), other statuses and the fallback never are
    assert.equal((await get('/nope')).status, 404);
    const again404 = await get('/nope');
    assert.deepEqual([again404.status, again404.headers.get('x-render-cache'), again404.headers.get('cache-control')], [404, 'hit', 'no-cache']);
    assert.equal((await get('/nope', { 'user-agent': 'Googlebot/2.1' })).headers.get('x-render-cache'), 'miss');
    for (let i = 0; i < 2; i++) assert.equal((await get('/broken')).headers.get('x-render-cache'), 'miss');
    for (let i = 0; i < 2; i++) {
      const fallback = await get('/down');
      assert.deepEqual([fallback.headers.get('x-render-cache'), fallback.headers.get('cache-control')], ['miss', 'no-store']);
    }
    const moved = await get('/old');
    assert.deepEqual([moved.status, moved.headers.get('location')], [301, '/new']);
  } finally {
    await app.close();
  }
});

test('a content-named file is cached for a year in its precompressed copy too; index.html and the manifest are revalidated', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  for (const name of ['main.1a2b3c4d.js', 'main.1a2b3c4d.js.br', 'main.1a2b3c4d.js.gz', 'mf-manifest.json', 'mf-manifest.json.br']) writeFileSync(path.join(root, name), '{}');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${base}/main.1a2b3c4d.js`, { headers: { 'accept-encoding': encoding } });
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', encoding);
      const manifest = await fetch(`${base}/mf-manifest.json`, { headers: { 'accept-encoding': encoding } });
      assert.equal(manifest.headers.get('cache-control'), 'no-cache', encoding);
    }
  } finally {
    await app.close();
  }
});

test('close() cuts a connection still busy after the drain time (a client that stopped reading its answer)', { timeout: 20_000 }, async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-drain-'));
  // big enough that the answer is still being written while the client reads nothing
  writeFileSync(path.join(root, 'big.0123abcd.js'), Buffer.alloc(32 * 1024 * 1024, 'a'));
  const app = await startStaticServer({ closeDrainMs: 300, root, host: '127.0.0.1', port: 0 });
  const { port } = app.server.address();
  const started = await new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/big.0123abcd.js', headers: { 'accept-encoding': 'identity' } }, (res) => {
      res.pause(); // never read
      resolve(res);
    });
    req.on('error', reject);
  });
  assert.equal(started.statusCode, 200);
  started.on('error', () => undefined);
  const closing = Date.now();
  await app.close();
  const took = Date.now() - closing;
  assert.ok(took >= 250 && took < 5_000, `close() took ${took} ms: the busy connection is cut after the drain time, not held to the keep-alive timeout`);
});
