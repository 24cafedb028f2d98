// node --test: the shell server's pages (./pages.mjs): address rules, page addresses that are never files, pages rendered
// on the server (for the configured origins only) and the rendered-page cache.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalTarget, siteOrigin } from './addressRules.mjs';
import { startOnIntent } from './startOnIntent.mjs';
import { startStaticServer } from './staticServer.mjs';
import { inlineScriptHashes } from './securityHeaders.mjs';

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
    const start = startOnIntent('/main.js');
    assert.match(html, /<div id="root"><div class="sh-app"><h1>Города<\/h1><\/div><\/div><script type="application\/json" id="excursio-router-data">\{"loaderData":\{"root":\{"origin":"x\\u003c\/script>"\}\}\}<\/script>/);
    assert.ok(html.includes(`${start}</body>`), 'the entry starts when the visitor acts (or at once when signed in)');
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

test('a rendered page not kept is sent compressed whole in the encoding asked for, and the same HTML in each', async () => {
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head><title>Excursio</title></head><body><div id="root"></div></body></html>');
  const cards = Array.from({ length: 400 }, (_, i) => `<li><a href="/excursion/x/y/e${i}">Экскурсия ${i}</a></li>`).join('');
  const ssr = {
    remote: 'mfe_catalog',
    render: async () => ({ kind: 'page', status: 200, head: '<title>Города</title>', html: `<ul>${cards}</ul>`, data: '{}', webEntry: 'http://r.test/e.js', build: 'abc' }),
  };
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true, ssr });
  const get = (encoding) =>
    new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: app.server.address().port, path: '/excursion/cities', headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  try {
    const plain = await get('identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['x-rendered-by'], 'ssr abc');
    const html = plain.body.toString('utf8');
    assert.ok(html.includes('Экскурсия 399</a>'));
    const br = await get('gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < plain.body.length / 4, `${br.body.length} bytes against ${plain.body.length}`);
    assert.equal(brotliDecompressSync(br.body).toString('utf8'), html);
    const gz = await get('gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString('utf8'), html);
  } finally {
    await app.close();
  }
});
