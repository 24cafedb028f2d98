// The outbox under load (issue 26): how fast queued messages go out, and how long after a provider comes back the
// last message queued during its outage is sent.
//   npm run bench:outbox -w api [-- --messages 5000 --outage 2000 --down-s 10 --latency-ms 5 --tick-ms 1000
//                                  --backoff-s 1 --backoff-max-s 5]          (PGlite in memory; with DATABASE_URL, also PostgreSQL)
// The provider is a local HTTP server answering each message after `latency-ms` (503 while it is down); the worker
// is the lifecycle worker's delivery pass run every `tick-ms`. Checks that every message arrived exactly once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { MovableClock } from '../src/clock';
import type { Database } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { createOutbox, enqueue } from '../src/features/outbox/outbox';
import { createTestDatabase, databaseKinds } from '../test/helpers/database';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '5000' },
    outage: { type: 'string', default: '2000' },
    'down-s': { type: 'string', default: '10' },
    'latency-ms': { type: 'string', default: '5' },
    'tick-ms': { type: 'string', default: '1000' },
    'backoff-s': { type: 'string', default: '1' },
    'backoff-max-s': { type: 'string', default: '5' },
  },
});
const n = (name: keyof typeof values) => Number(values[name]);

/** The provider: counts deliveries per message id; down → 503. */
async function startProvider(latencyMs: number) {
  const received = new Map<string, number>();
  const state = { down: false, received };
  const server = createServer((req, res) => {
    const id = req.headers['x-message-id'] as string;
    setTimeout(() => {
      if (state.down) {
        res.writeHead(503).end();
        return;
      }
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }, latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function queue(db: Database, count: number, tag: string, now: Date) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i += 1) {
      await enqueue(tx, { kind: 'email', recipient: `bench-${tag}-${i}@example.ru`, payload: { to: `bench-${tag}-${i}@example.ru`, subject: 'Bench', lines: ['x'] } }, now);
    }
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of databaseKinds()) {
  const database = await createTestDatabase(kind);
  const db = database.handle.db;
  const provider = await startProvider(n('latency-ms'));
  const clock = new MovableClock();
  const box = createOutbox({
    db,
    clock,
    config: { backoffS: n('backoff-s'), backoffMaxS: n('backoff-max-s'), maxAttempts: 1000, leaseS: 60, timeoutMs: 5000 },
    log: { info: () => undefined, warn: () => undefined, error: console.error },
  });
  box.handle('email', {
    async deliver(row, { signal }) {
      const response = await fetch(provider.url, { method: 'POST', headers: { 'x-message-id': String(row.id) }, body: '{}', signal });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    },
  });
  try {
    // 1. throughput: a backlog of `messages`, drained by delivery passes
    const messages = n('messages');
    await queue(db, messages, 'load', clock.now());
    let started = performance.now();
    let sent = 0;
    while (sent < messages) sent += (await box.deliverDue()).sent;
    const drainMs = performance.now() - started;

    // 2. an outage: the provider goes down, `outage` messages are queued, it comes back after `down-s` seconds
    provider.state.down = true;
    await queue(db, n('outage'), 'outage', clock.now());
    const ticker = { stop: false };
    const tick = async () => {
      while (!ticker.stop) {
        await box.deliverDue().catch((error: unknown) => console.error(error));
        await sleep(n('tick-ms'));
      }
    };
    const worker = tick();
    await sleep(n('down-s') * 1000);
    provider.state.down = false;
    const backAt = Date.now();
    started = performance.now();
    const pending = async () =>
      ((await db.execute(sql`select count(*)::int as n from ${outbox} where state <> 'sent'`)).rows[0] as { n: number }).n;
    while ((await pending()) > 0) await sleep(50);
    const recoveredMs = performance.now() - started;
    ticker.stop = true;
    await worker;
    const last = (await db.execute(sql`select max(sent_at) as at from ${outbox}`)).rows[0] as { at: string | Date };
    const lastSentAfterMs = new Date(last.at).getTime() - backAt;
    const attempts = (await db.execute(sql`select max(attempts)::int as n from ${outbox} where recipient like 'bench-outage-%'`)).rows[0] as { n: number };

    const total = messages + n('outage');
    const duplicates = [...provider.state.received.values()].filter((c) => c > 1).length;
    const lost = total - provider.state.received.size;
    console.log(
      `[${kind}] outbox: ${messages} messages in ${Math.round(drainMs)} ms = ${Math.round((messages / drainMs) * 1000)} messages/s ` +
        `(provider latency ${n('latency-ms')} ms, 8 in flight)`,
    );
    console.log(
      `[${kind}] outage: ${n('outage')} messages queued while the provider was down ${n('down-s')} s (up to ${attempts.n} attempts each); ` +
        `last one sent ${lastSentAfterMs} ms after it came back (all settled after ${Math.round(recoveredMs)} ms; ` +
        `back-off ${n('backoff-s')}–${n('backoff-max-s')} s, worker every ${n('tick-ms')} ms)`,
    );
    console.log(`[${kind}] delivered ${provider.state.received.size}/${total}, lost ${lost}, duplicated ${duplicates}`);
    if (lost !== 0 || duplicates !== 0) process.exitCode = 1;
  } finally {
    await provider.close();
    await database.dispose();
  }
}
