// node --test: the shell server itself: the api proxy (down, not ready yet, a body over its limit), robots.txt and the
// sitemap, health, the cache headers of its files, and close(). Its pages: ./pages.test.mjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { API_UNAVAILABLE_MESSAGE, SITEMAP_API_PATH } from './apiProxy.mjs';
import { startStaticServer } from './staticServer.mjs';

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

test('a content-named file is cached for a year in its precompressed copy too, without validators; index.html and the manifest are revalidated', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'));
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  for (const name of ['main.1a2b3c4d.js', 'main.1a2b3c4d.js.br', 'main.1a2b3c4d.js.gz', 'mf-manifest.json', 'mf-manifest.json.br']) writeFileSync(path.join(root, name), '{}');
  const app = await startStaticServer({ closeDrainMs: 0, root, host: '127.0.0.1', port: 0, spa: true });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${base}/main.1a2b3c4d.js`, { headers: { 'accept-encoding': encoding } });
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', encoding);
      // never revalidated nor fetched in ranges: no validators, no Accept-Ranges
      for (const name of ['etag', 'last-modified', 'accept-ranges']) assert.equal(res.headers.get(name), null, `${encoding}: ${name}`);
      const manifest = await fetch(`${base}/mf-manifest.json`, { headers: { 'accept-encoding': encoding } });
      assert.equal(manifest.headers.get('cache-control'), 'no-cache', encoding);
      // revalidated, so it keeps what a 304 needs
      assert.ok(manifest.headers.get('etag') && manifest.headers.get('last-modified'), encoding);
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
