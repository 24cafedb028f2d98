// The signed-in read cache's shared misses: requests waiting for another's read of the same key always get an answer,
// also when the write epoch moved meanwhile and a newer read of the key started (issue 29: another api process's
// writes move it at any time; the waiters of the older read hung until their client gave up).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { bumpWriteEpoch, installSignedInReadCache } from './signed-in-cache';

describe('signed-in read cache: shared misses', () => {
  it('a waiter of a read that an epoch move overtook is answered, not left hanging', async () => {
    const app = Fastify();
    installSignedInReadCache(app, { ttlMs: 60_000, routes: ['/mine'], userOf: () => 1 });
    const gates: Array<() => void> = [];
    let reads = 0;
    app.get('/mine', async () => {
      reads += 1;
      const n = reads;
      // the first two reads wait for the test; a later one (the waiter reading for itself) answers at once
      if (n <= 2) await new Promise<void>((resolve) => gates.push(resolve));
      return { read: n };
    });
    await app.ready();
    const first = app.inject({ method: 'GET', url: '/mine' });
    await waitFor(() => gates.length === 1);
    const waiter = app.inject({ method: 'GET', url: '/mine' }); // shares the first read
    await new Promise((resolve) => setTimeout(resolve, 20));
    bumpWriteEpoch(); // a write somewhere: a new read of the key starts its own flight
    const newer = app.inject({ method: 'GET', url: '/mine' });
    await waitFor(() => gates.length === 2);
    gates[0]!();
    gates[1]!();
    const answers = await Promise.race([
      Promise.all([first, waiter, newer]),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a waiting request never got its answer')), 3000)),
    ]);
    for (const answer of answers) assert.equal(answer.statusCode, 200);
    assert.deepEqual(answers[2].json(), { read: 2 });
    // the waiter got the first read's answer, or read for itself after the epoch moved: never nothing
    assert.ok([1, 2, 3].includes(answers[1].json().read));
    await app.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(condition(), 'condition not met');
}
