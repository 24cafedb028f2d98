// node --test: which renderer a request's page comes from — the live build's, or one of the build it is pinned to.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createPinnedRenderers } from './pinnedRenderers.mjs';

const LIVE = 'http://c/mfe-catalog/aaaaaaaaaaaa/remoteEntry.js';
const CANARY = 'http://c/mfe-catalog/bbbbbbbbbbbb/remoteEntry.js';
const PREVIEW = 'http://c/mfe-catalog/cccccccccccc/remoteEntry.js';
const OTHER = 'http://c/mfe-catalog/dddddddddddd/remoteEntry.js';

function fakeRenderer(entry) {
  const hash = /\/([0-9a-f]{12})\//.exec(entry)[1];
  return {
    remote: 'mfe_catalog',
    entry,
    started: 0,
    closed: false,
    start() {
      this.started += 1;
    },
    async render(page) {
      return { kind: 'page', build: hash, url: page.url };
    },
    build: () => hash,
    readiness: () => 'warm',
    stats: () => ({ rendered: 0 }),
    workerMemory: async () => null,
    refresh: async () => undefined,
    async close() {
      this.closed = true;
    },
  };
}

function setup(options = {}) {
  let time = 0;
  let live = LIVE;
  const made = [];
  const renderers = createPinnedRenderers({
    live: fakeRenderer(LIVE),
    liveEntry: () => live,
    entryFor: (request) => request.entry,
    make: (entry) => {
      const renderer = fakeRenderer(entry);
      made.push(renderer);
      return renderer;
    },
    sweepMs: 60_000_000,
    now: () => time,
    log: () => undefined,
    ...options,
  });
  return { renderers, made, tick: (ms) => (time += ms), goLive: (entry) => (live = entry) };
}

const page = { url: 'http://site/excursion/cities', userAgent: 'x' };

test('a request pinned to the live build is rendered by the live renderer; a canary or preview by one of its build, made once and warmed', async () => {
  const { renderers, made } = setup();
  try {
    assert.equal((await renderers.render(page, { entry: LIVE })).build, 'aaaaaaaaaaaa');
    assert.equal((await renderers.render(page)).build, 'aaaaaaaaaaaa', 'no request: the live build');
    assert.equal(made.length, 0);
    assert.equal((await renderers.render(page, { entry: CANARY })).build, 'bbbbbbbbbbbb');
    assert.equal((await renderers.render(page, { entry: CANARY.replace('remoteEntry.js', 'remoteEntry.0123abcd.js') })).build, 'bbbbbbbbbbbb', 'its pinned entry is the same build');
    assert.equal(made.length, 1);
    assert.equal(made[0].started, 1);
    assert.equal(renderers.build({ entry: CANARY }), 'bbbbbbbbbbbb', 'a kept page of the canary is keyed by its build');
    assert.equal(renderers.build({ entry: LIVE }), 'aaaaaaaaaaaa');
    assert.equal(renderers.build({ entry: PREVIEW }), null, 'a build not rendered yet');
    assert.deepEqual(renderers.pinned(), ['http://c/mfe-catalog/bbbbbbbbbbbb/']);
  } finally {
    await renderers.close();
  }
});

test('at most maxPinned builds apart: another one waits (client-rendered) while they are in use, and takes the place of an idle one', async () => {
  const { renderers, made, tick } = setup({ maxPinned: 2, busyMs: 60_000 });
  try {
    renderers.prepare(CANARY);
    assert.equal(made.length, 1, 'a canary that starts gets its renderer before its first request');
    await renderers.render(page, { entry: PREVIEW });
    assert.equal(await renderers.render(page, { entry: OTHER }), null);
    assert.equal(made.length, 2);
    tick(30_000);
    await renderers.render(page, { entry: CANARY });
    tick(40_000);
    // the preview was last used 70 s ago, the canary 40 s ago: the preview's renderer ends, the new build takes its place
    assert.equal((await renderers.render(page, { entry: OTHER })).build, 'dddddddddddd');
    assert.equal(made[1].closed, true);
    assert.equal(made[0].closed, false);
    assert.deepEqual(renderers.pinned().sort(), ['http://c/mfe-catalog/bbbbbbbbbbbb/', 'http://c/mfe-catalog/dddddddddddd/']);
  } finally {
    await renderers.close();
  }
  assert.ok(made.every((r) => r.closed), 'closing ends every renderer');
});

test('a renderer apart ends once its build is the live one (promoted) or after idleMs without a request', async () => {
  const { renderers, made, tick, goLive } = createSweeping();
  try {
    await renderers.render(page, { entry: CANARY });
    await renderers.render(page, { entry: PREVIEW });
    goLive(CANARY);
    await until(() => made[0].closed);
    assert.equal(made[1].closed, false, 'the promoted canary is rendered by the live renderer now; the preview stays');
    tick(11_000);
    await until(() => made[1].closed); // the preview nobody opened for idleMs
    assert.deepEqual(renderers.pinned(), []);
  } finally {
    await renderers.close();
  }
});

/** Resolves once `done()` holds (the sweep runs every 10 ms); fails after 5 s. */
async function until(done) {
  for (const started = Date.now(); !done(); ) {
    if (Date.now() - started > 5_000) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function createSweeping() {
  return setup({ sweepMs: 10, idleMs: 10_000 });
}

test('a shell canary or preview: its browsers get a renderer of the live remote build with that shell release; the others the live one', async () => {
  const shells = [];
  const { renderers, made } = setup({
    liveShell: () => 'aaaaaaaaaaaa',
    shellFor: (request) => request.shell,
    make: (entry, shell) => {
      shells.push(shell);
      const renderer = fakeRenderer(entry);
      made.push(renderer);
      return renderer;
    },
  });
  try {
    assert.equal((await renderers.render(page, { entry: LIVE, shell: 'aaaaaaaaaaaa' })).build, 'aaaaaaaaaaaa');
    assert.equal(made.length, 0, 'the live remote with the live shell: the live renderer');
    await renderers.render(page, { entry: LIVE, shell: 'eeeeeeeeeeee' });
    assert.deepEqual(shells, ['eeeeeeeeeeee']);
    assert.equal(made[0].entry, LIVE, 'the live remote build, with the canary shell');
    await renderers.render(page, { entry: CANARY, shell: 'eeeeeeeeeeee' });
    assert.deepEqual(shells, ['eeeeeeeeeeee', 'eeeeeeeeeeee'], 'a canary of both: a pair of its own');
    assert.deepEqual(renderers.pinned(), ['http://c/mfe-catalog/aaaaaaaaaaaa/ shell eeeeeeeeeeee', 'http://c/mfe-catalog/bbbbbbbbbbbb/ shell eeeeeeeeeeee']);
    assert.equal(renderers.build({ entry: LIVE, shell: 'aaaaaaaaaaaa' }), 'aaaaaaaaaaaa');
    assert.equal(renderers.build({ entry: LIVE, shell: 'eeeeeeeeeeee' }), 'aaaaaaaaaaaa', 'the pinned pair answers for its pages');
  } finally {
    await renderers.close();
  }
});
