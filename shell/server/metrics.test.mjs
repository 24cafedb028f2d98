// node --test: the shell server's /metrics (issue 29 §4) — only for METRICS_TOKEN's bearer on the public port, without
// a token on the internal port, request latency by route pattern, the renderings timed by outcome and the fallbacks.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServerMetrics } from './metrics.mjs';
import { startStaticServer } from './staticServer.mjs';

const TOKEN = 'shell-metrics-token-0123456789';

/** The value of one sample line of a Prometheus text (labels given must match), or undefined. */
function sample(text, name, labels = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

function site() {
  const root = mkdtempSync(path.join(tmpdir(), 'shell-metrics-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  return root;
}

test('/metrics on the public port answers the bearer of METRICS_TOKEN only, with latency by route pattern', async (t) => {
  const metrics = createServerMetrics({ app: 'shell' });
  const app = await startStaticServer({ closeDrainMs: 0, root: site(), port: 0, host: '127.0.0.1', spa: true, metrics, metricsToken: TOKEN });
  t.after(() => app.close());
  const base = `http://127.0.0.1:${app.server.address().port}`;
  for (const url of ['/catalog/moskva', '/account/user', '/live']) assert.equal((await fetch(`${base}${url}`)).status, 200);
  for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789xx' }, { authorization: `Bearer ${TOKEN}x` }]) {
    const refused = await fetch(`${base}/metrics`, { headers });
    assert.equal(refused.status, 404);
    assert.doesNotMatch(await refused.text(), /excursio_/);
  }
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  // two page addresses, one series: pages, never the raw URL
  assert.equal(sample(text, 'excursio_web_request_duration_seconds_count', { route: '(page)', method: 'GET', status: '2xx', app: 'shell' }), 2);
  assert.equal(sample(text, 'excursio_web_request_duration_seconds_count', { route: '/live', status: '2xx' }), 1);
  assert.equal(text.includes('moskva'), false);
});

test('without METRICS_TOKEN the public port has no metrics: /metrics is just an address of the site', async (t) => {
  const metrics = createServerMetrics({ app: 'shell' });
  const app = await startStaticServer({ closeDrainMs: 0, root: site(), port: 0, host: '127.0.0.1', spa: true, metrics });
  t.after(() => app.close());
  const response = await fetch(`http://127.0.0.1:${app.server.address().port}/metrics`);
  assert.doesNotMatch(await response.text(), /excursio_|# HELP/);
});

test('the internal port serves /metrics without a token and nothing else; it closes with the server', async () => {
  const metrics = createServerMetrics({ app: 'mfe-catalog' });
  const internal = await metrics.listen(0, '127.0.0.1');
  const app = await startStaticServer({ closeDrainMs: 0, root: site(), port: 0, host: '127.0.0.1', cors: true, metrics });
  const base = `http://127.0.0.1:${internal.address().port}`;
  const response = await fetch(`${base}/metrics`);
  assert.equal(response.status, 200);
  assert.match(await response.text(), /^excursio_ssr_fallbacks_total\{app="mfe-catalog"\} 0$/m);
  assert.equal((await fetch(`${base}/index.html`)).status, 404);
  await app.close();
  assert.equal(internal.listening, false);
});

test('renderings are timed by outcome, and a failed one counts as a fallback', async () => {
  const metrics = createServerMetrics({ app: 'shell' });
  const answers = [null, { kind: 'client' }, { kind: 'page', status: 200 }, { kind: 'page', status: 200 }];
  const renderer = metrics.instrument({ remote: 'mfe_catalog', render: async () => answers.shift(), readiness: () => 'warm' });
  assert.equal(await renderer.render({ url: 'http://x/', userAgent: '' }), null);
  assert.deepEqual(await renderer.render({ url: 'http://x/', userAgent: '' }), { kind: 'client' });
  await renderer.render({ url: 'http://x/', userAgent: '' });
  await renderer.render({ url: 'http://x/', userAgent: '' });
  assert.equal(renderer.readiness(), 'warm', 'the rest of the renderer is untouched');
  const text = await metrics.registry.metrics();
  assert.equal(sample(text, 'excursio_ssr_fallbacks_total'), 1);
  assert.equal(sample(text, 'excursio_ssr_render_duration_seconds_count', { outcome: 'page' }), 2);
  assert.equal(sample(text, 'excursio_ssr_render_duration_seconds_count', { outcome: 'client' }), 1);
  assert.equal(sample(text, 'excursio_ssr_render_duration_seconds_count', { outcome: 'fallback' }), 1);
  assert.equal(metrics.instrument(null), null, 'no renderer (SSR off): nothing to time');
});
