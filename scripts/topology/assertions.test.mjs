// node --test: the pure parts of the topology's checks (scripts/topology/assertions.mjs) — the recovery time, a shared
// limit told from per-process ones, and which window a request belongs to. The run itself needs PostgreSQL, Redis and
// HAProxy: `npm run topology`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { recovery, sharedLimit, windowFigures } from './assertions.mjs';

/** `perS` successful 1 ms requests a second, from `from` to `to` (seconds). */
const steady = (from, to, perS) => Array.from({ length: Math.round((to - from) * perS) }, (_, i) => ({ t: from + i / perS, ms: 1, ok: true }));

test('recovery: the time from the fault to the first second back at 90 % of the rate before', () => {
  // nothing for 2 s after a fault at 10 s, then 10 a second again: the window from 11.9 s holds 9 of the 10 (90 %)
  const samples = [...steady(0, 10, 10), ...steady(12, 20, 10)];
  assert.equal(recovery(samples, 10, 20, 10), 1.9);
  // at half the rate after the fault it never recovers
  assert.equal(recovery([...steady(0, 10, 10), ...steady(10, 20, 5)], 10, 20, 10), null);
  // no dip: 0
  assert.equal(recovery(steady(0, 20, 10), 10, 20, 10), 0);
});

test('sharedLimit: one budget across both processes passes; a budget per process is caught', async () => {
  const shared = { n: 0 };
  const once = await sharedLimit('shared', 12, 16, async () => (++shared.n > 12 ? 429 : 200), 4);
  assert.deepEqual({ passed: once.passed, refused: once.refused, problem: once.problem }, { passed: 12, refused: 4, problem: null });

  const perProcess = [{ n: 0 }, { n: 0 }];
  const doubled = await sharedLimit('per process', 12, 16, async (i) => (++perProcess[i % 2].n > 12 ? 429 : 200));
  assert.equal(doubled.passed, 16);
  assert.match(doubled.problem, /let 16 of 16 through/);

  const failing = await sharedLimit('failing', 2, 4, async (i) => (i === 0 ? 500 : i > 2 ? 429 : 200));
  assert.match(failing.problem, /1 failed/);
});

test('windowFigures: a request belongs to the window it ended in; only successes make the p99', () => {
  const samples = [
    { t: 0.5, ms: 100, ok: true },
    { t: 0.9, ms: 300, ok: false }, // ends at 1.2 s: the next window's
    { t: 1.5, ms: 50, ok: true },
  ];
  assert.deepEqual(windowFigures(samples, 0, 1), { requests: 1, errors: 0, p99Ms: 100 });
  assert.deepEqual(windowFigures(samples, 1, 2), { requests: 2, errors: 1, p99Ms: 50 });
});
