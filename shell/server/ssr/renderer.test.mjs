// node --test: the renderer's generations (a new remote build takes over, a broken one never does), its fallbacks
// (remote down, render too slow) and its budget. The shell's render bundle is stood in for by a small CommonJS module.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRenderer, dedupeCss, readBuild } from './renderer.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'ssr-renderer-'));
const bundle = path.join(dir, 'render.cjs');
writeFileSync(
  bundle,
  `let entry = '';
exports.setup = (s) => { entry = Object.values(s.remotes)[0]; };
exports.render = async (request) => {
  if (entry.includes('broken')) return { kind: 'fallback', reason: 'the remote throws' };
  if (request.url.endsWith('/slow')) await new Promise((r) => setTimeout(r, 3000));
  if (request.url.endsWith('/old')) return { kind: 'redirect', status: 301, location: '/new' };
  if (request.url.endsWith('/thread')) await new Promise((r) => setTimeout(r, 100));
  if (request.userAgent === 'excursio-ssr-warmup' && entry.includes('slow-warmup') && !(request.timeoutMs > 2500)) return { kind: 'fallback', reason: 'no answer in the page budget' };
  return { kind: 'page', status: 200, head: '<title>t</title>', html: '<p>' + entry + '</p><i>' + require('node:worker_threads').threadId + '</i>', data: '{}' };
};`,
);

/** A remote's origin whose manifest names `build` (null: no manifest at all). */
async function remoteOrigin() {
  const state = { build: 'aaa', ssrEntry: 'ssr/remoteEntry.js', starting: false };
  const server = http.createServer((req, res) => {
    if (state.starting) {
      res.statusCode = 503;
      res.end();
    } else if (req.url.endsWith('/mf-manifest.json') && state.build) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ metaData: { buildHash: state.build, ssrRemoteEntry: state.ssrEntry, pinnedRemoteEntry: `remoteEntry.${state.build}.js` }, exposes: [{ name: 'routes', assets: { css: { sync: [], async: ['a.css'] } } }] }));
    } else if (req.url.endsWith('/a.css')) {
      res.end('.a{color:red}');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { state, entry: `http://127.0.0.1:${server.address().port}/remoteEntry.js`, close: () => new Promise((r) => server.close(r)) };
}

const quiet = () => undefined;

/** Polls `renderer.readiness()` until it is `state` or `ms` have passed; answers the last state. */
async function readinessWithin(renderer, state, ms) {
  const until = Date.now() + ms;
  while (renderer.readiness() !== state && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return renderer.readiness();
}

test('the manifest names the build, its Node entry (versioned), the pinned web entry and the stylesheets', () => {
  const build = readBuild({ metaData: { buildHash: 'abc', ssrRemoteEntry: 'ssr/remoteEntry.js', pinnedRemoteEntry: 'remoteEntry.abc.js' }, exposes: [{ name: 'routes', assets: { css: { sync: ['s.css'], async: ['x.css'] } } }] }, 'http://r.test/remoteEntry.js');
  assert.deepEqual(build, { hash: 'abc', ssrEntry: 'http://r.test/ssr/remoteEntry.js?v=abc', webEntry: 'http://r.test/remoteEntry.abc.js', css: ['http://r.test/s.css', 'http://r.test/x.css'] });
  assert.equal(readBuild({ metaData: {} }, 'http://r.test/remoteEntry.js'), null);
});

test('pages render with the current build; a new build takes over after a check; a broken one never does', async () => {
  const remote = await remoteOrigin();
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', versionTtlMs: 60_000, log: quiet });
  try {
    renderer.start();
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    const first = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.equal(first.kind, 'page');
    assert.match(first.html, /ssr\/remoteEntry\.js\?v=aaa/);
    assert.equal(first.css, '.a{color:red}');
    assert.equal(first.webEntry, remote.entry.replace('remoteEntry.js', 'remoteEntry.aaa.js'));
    assert.deepEqual(await renderer.render({ url: 'http://x.test/old', userAgent: 'test' }), { kind: 'redirect', status: 301, location: '/new' });

    remote.state.build = 'bbb';
    await renderer.refresh();
    const second = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.match(second.html, /v=bbb/);
    assert.equal(renderer.stats().generations, 2);
    assert.equal(renderer.stats().retired, 1);

    remote.state.build = 'ccc';
    remote.state.ssrEntry = 'ssr/broken.js';
    await renderer.refresh();
    const third = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.match(third.html, /v=bbb/, 'a build whose warm-up fails never takes requests');
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('asking for the build (the render cache does, on every kept page) checks the version too: a new build takes over with no render', async () => {
  const remote = await remoteOrigin();
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', versionTtlMs: 300, log: quiet });
  try {
    renderer.start();
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    assert.equal(renderer.build(), 'aaa');
    remote.state.build = 'bbb';
    // only build() is asked, as by a kept page's key: after the check interval the new build's generation takes over
    const until = Date.now() + 10_000;
    while (renderer.build() !== 'bbb' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    assert.equal(renderer.build(), 'bbb');
    assert.equal(renderer.stats().rendered, 0, 'no page was rendered meanwhile');
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('the same build at another address (its release folder) keeps its generation; pages name the new address', async () => {
  const remote = await remoteOrigin();
  let entry = remote.entry;
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', versionTtlMs: 60_000, log: quiet });
  try {
    renderer.start();
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    entry = remote.entry.replace('remoteEntry.js', 'mfe-catalog/0123456789ab/remoteEntry.js');
    await renderer.refresh();
    const page = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.equal(page.webEntry, entry.replace('remoteEntry.js', 'remoteEntry.aaa.js'));
    assert.equal(renderer.stats().generations, 1, 'the same code: no new worker');
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('a shell release moves the render bundle: a new generation with its bundle takes over, its pages name that shell; back again on a rollback', async () => {
  const remote = await remoteOrigin();
  const releasedBundle = path.join(dir, 'released-render.cjs');
  writeFileSync(releasedBundle, `exports.setup = () => {}; exports.render = async () => ({ kind: 'page', status: 200, head: '', html: '<footer>новая оболочка</footer>', data: '{}' });`);
  let shell = { file: bundle, shell: null };
  const renderer = createRenderer({ bundle: () => shell, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', versionTtlMs: 60_000, log: quiet });
  try {
    renderer.start();
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    const before = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.equal(before.shell, null, 'shell/dist-server rendered it');
    assert.equal(renderer.build(), 'aaa', 'no shell release: the key is the remote build, as ever');

    shell = { file: releasedBundle, shell: '0123456789ab' };
    await renderer.refresh();
    const after = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.equal(after.html, '<footer>новая оболочка</footer>');
    assert.equal(after.shell, '0123456789ab');
    assert.equal(after.build, 'aaa', 'the remote build is the same');
    assert.equal(renderer.build(), 'aaa+0123456789ab', 'a kept page is keyed by both');
    assert.equal(renderer.stats().generations, 2);

    shell = { file: bundle, shell: null };
    await renderer.refresh();
    const back = await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' });
    assert.match(back.html, /v=aaa/);
    assert.equal(back.shell, null);

    shell = { file: null, shell: 'ffffffffffff' };
    await renderer.refresh();
    assert.equal((await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' })).shell, null, 'a shell build with no render bundle never takes over');
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('with the remote down, a page is answered at once with null (the client-rendered page)', async () => {
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => 'http://127.0.0.1:1/remoteEntry.js', apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', log: quiet });
  try {
    const started = Date.now();
    assert.equal(await renderer.render({ url: 'http://x.test/', userAgent: 'test' }), null);
    assert.ok(Date.now() - started < 2_500, `took ${Date.now() - started} ms`);
    assert.equal(renderer.stats().fallbacks, 1);
  } finally {
    await renderer.close();
  }
});

test('a render that takes longer than the budget is given up (null) within the budget', async () => {
  const remote = await remoteOrigin();
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', budgetMs: 600, log: quiet });
  try {
    // warm before the clock starts (a warm-up is no page's budget, however loaded the machine is)
    renderer.start();
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    assert.equal((await renderer.render({ url: 'http://x.test/', userAgent: 'test' })).kind, 'page');
    const started = Date.now();
    assert.equal(await renderer.render({ url: 'http://x.test/slow', userAgent: 'test' }), null);
    const took = Date.now() - started;
    assert.ok(took >= 550 && took < 1_200, `took ${took} ms`);
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('the stylesheets become one, each block once, nested blocks kept whole', () => {
  const a = '.a{color:red}@media (min-width:1px){.b{color:blue}}.c{margin:0}';
  const b = '.a{color:red}.d{padding:0}@media (min-width:1px){.b{color:blue}}';
  assert.equal(dedupeCss([a, b]), '.a{color:red}@media (min-width:1px){.b{color:blue}}.c{margin:0}.d{padding:0}');
});

test('a generation of two workers shares the requests between them', async () => {
  const remote = await remoteOrigin();
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', workers: 2, log: quiet });
  try {
    const pages = await Promise.all(Array.from({ length: 6 }, () => renderer.render({ url: 'http://x.test/thread', userAgent: 'test' })));
    const threads = new Set(pages.map((p) => /<i>(\d+)<\/i>/.exec(p.html)[1]));
    assert.equal(threads.size, 2);
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('started, the first generation warms up before any request: ready (warm) and the first page is rendered', async () => {
  const remote = await remoteOrigin();
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', budgetMs: 50, log: quiet });
  try {
    assert.equal(renderer.readiness(), 'idle');
    renderer.start();
    assert.equal(renderer.readiness(), 'starting');
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    // a budget too short for a warm-up: the page is rendered only because the generation was warm before it came
    assert.equal((await renderer.render({ url: 'http://x.test/excursion', userAgent: 'test' })).kind, 'page');
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('a remote that is not up yet is retried until it is: warm without any request', async () => {
  const remote = await remoteOrigin();
  remote.state.starting = true;
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', retryMs: 50, versionTtlMs: 60_000, log: quiet });
  try {
    renderer.start();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(renderer.readiness(), 'starting', 'not ready while the remote cannot be read');
    remote.state.starting = false;
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
    assert.equal(renderer.stats().generations, 1);
  } finally {
    await renderer.close();
    await remote.close();
  }
});

test('readiness is given up after readyTimeoutMs (remote down) or at once (no server build), and retries go on', async () => {
  const down = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => 'http://127.0.0.1:1/remoteEntry.js', apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', readyTimeoutMs: 300, retryMs: 50, log: quiet });
  const remote = await remoteOrigin();
  remote.state.ssrEntry = undefined;
  const noServerBuild = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', retryMs: 50, versionTtlMs: 100, log: quiet });
  try {
    down.start();
    noServerBuild.start();
    assert.equal(down.readiness(), 'starting');
    assert.equal(await readinessWithin(noServerBuild, 'given-up', 5_000), 'given-up');
    assert.equal(await readinessWithin(down, 'given-up', 5_000), 'given-up');
    assert.ok(down.stats().fallbacks === 0 && down.stats().generations === 0);
    // the remote gets its server build: the retries still running pick it up
    remote.state.ssrEntry = 'ssr/remoteEntry.js';
    assert.equal(await readinessWithin(noServerBuild, 'warm', 10_000), 'warm');
  } finally {
    await down.close();
    await noServerBuild.close();
    await remote.close();
  }
});

test('the warm-up render has its own time limit (the warm-up budget), not a page\'s', async () => {
  const remote = await remoteOrigin();
  remote.state.ssrEntry = 'ssr/slow-warmup.js';
  const renderer = createRenderer({ bundle, remote: 'mfe_catalog', entry: () => remote.entry, apiUrl: 'http://127.0.0.1:1', origin: 'http://x.test', budgetMs: 1_000, warmupMs: 15_000, log: quiet });
  try {
    renderer.start();
    assert.equal(await readinessWithin(renderer, 'warm', 10_000), 'warm');
  } finally {
    await renderer.close();
    await remote.close();
  }
});
