// node --test: a draining shell server (the first step of its SIGTERM, serve.mjs) answers /ready with 503 while its
// pages and /live are still served, so a balancer takes it out before it closes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer } from './staticServer.mjs';

test('drain(): /ready is 503 with draining, /live and the pages still answer', async (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'shell-drain-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  const app = await startStaticServer({ closeDrainMs: 0, root, port: 0, host: '127.0.0.1', spa: true });
  t.after(() => app.close());
  const base = `http://127.0.0.1:${app.server.address().port}`;
  assert.deepEqual(await (await fetch(`${base}/ready`)).json(), { ready: true, rendering: 'off' });
  app.drain();
  const draining = await fetch(`${base}/ready`);
  assert.equal(draining.status, 503);
  assert.deepEqual(await draining.json(), { ready: false, rendering: 'off', draining: true });
  assert.equal((await fetch(`${base}/live`)).status, 200);
  assert.equal((await fetch(`${base}/catalog`)).status, 200);
});
