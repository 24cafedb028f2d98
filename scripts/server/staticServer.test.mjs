// node --test: the shell server's reverse proxy when the api cannot be reached.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_UNAVAILABLE_MESSAGE, startStaticServer } from './staticServer.mjs';

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
  const app = await startStaticServer({ root, host: '127.0.0.1', port: 0, spa: true, apiUrl: `http://127.0.0.1:${await closedPort()}` });
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
