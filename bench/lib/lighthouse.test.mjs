// node --test: our page is fresh in the render cache, and the servers idle, before Lighthouse loads it.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { primeRendered, summarise } from './lighthouse.mjs';

async function serve(answers) {
  const seen = [];
  const server = http.createServer((req, res) => {
    const answer = answers[Math.min(seen.length, answers.length - 1)];
    seen.push(answer);
    res.writeHead(200, answer ? { 'x-render-cache': answer } : {});
    res.end('<!doctype html><p>page</p>');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, seen, close: () => new Promise((r) => server.close(r)) };
}

test('a stale page is asked for again until the cache answers hit', async () => {
  const site = await serve(['stale', 'stale', 'hit', 'hit']);
  try {
    await primeRendered(site.url, { settleMs: 0 });
    assert.deepEqual(site.seen, ['stale', 'stale', 'hit']);
  } finally {
    await site.close();
  }
});

test('a page the cache does not keep (no header, bypass) is asked for once; a page never fresh, a bounded number of times', async () => {
  for (const answers of [[null], ['bypass']]) {
    const site = await serve(answers);
    try {
      await primeRendered(site.url, { settleMs: 0 });
      assert.equal(site.seen.length, 1);
    } finally {
      await site.close();
    }
  }
  const site = await serve(['miss']);
  try {
    await primeRendered(site.url, { tries: 3, settleMs: 0 });
    assert.equal(site.seen.length, 3);
  } finally {
    await site.close();
  }
});

test('the summary keeps each run in order beside the medians', () => {
  const run = (tbtMs, benchmarkIndex) => ({ score: 100, fcpMs: 800, lcpMs: 900, tbtMs, cls: 0, siMs: 800, ttiMs: 1000, benchmarkIndex, runtimeError: null, lcpElement: null, shifts: [] });
  const out = summarise([run(80, 2000), run(0, 2600), run(20, 2400)], 3);
  assert.equal(out.tbtMs, 20);
  assert.deepEqual(out.perRun.tbtMs, [80, 0, 20]);
  assert.deepEqual(out.perRun.benchmarkIndex, [2000, 2600, 2400]);
});
