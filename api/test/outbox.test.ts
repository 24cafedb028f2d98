import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { MovableClock } from '../src/clock';
import { outbox } from '../src/db/schema';
import { createOutbox, enqueue, PermanentDeliveryError, type OutboxHandler } from '../src/features/outbox/outbox';
import { databaseKinds } from './helpers/database';
import { CUSTOMER_PHONE, STAFF_PHONE, useTestApp, type TestContext } from './helpers/app';
import { call } from './orders-support';

const CONFIG = { backoffS: 10, backoffMaxS: 300, maxAttempts: 3, leaseS: 60, timeoutMs: 2000 };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues `n` e-mail rows tagged `tag` and returns their ids. */
async function queue(ctx: TestContext, n: number, tag: string, now: Date, extra: { expiresInMs?: number } = {}) {
  const ids: number[] = [];
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < n; i += 1) {
      const to = `${tag}-${i}@example.ru`;
      ids.push((await enqueue(tx, { kind: 'email', recipient: to, payload: { to, subject: 'Проверка', lines: ['Письмо'], code: '1234' }, ...extra }, now))!);
    }
  });
  return ids;
}

/** A handler counting deliveries per row. */
function counting(delayMs = 0, fail?: (attempt: number) => Error | null): OutboxHandler & { seen: Map<number, number> } {
  const seen = new Map<number, number>();
  return {
    seen,
    async deliver(row, { attempt }) {
      if (delayMs) await sleep(delayMs);
      const error = fail?.(attempt) ?? null;
      if (error) throw error;
      seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
      return { ok: true };
    },
  };
}

const rowsOf = (ctx: TestContext, ids: number[]) => ctx.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);

for (const kind of databaseKinds()) {
  describe(`outbox: claims, retries with back-off, once per row [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('two workers draining the same rows deliver each exactly once', async () => {
      const clock = new MovableClock();
      const ids = await queue(ctx, 60, 'pair', clock.now());
      const handler = counting(2);
      const a = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      const b = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      a.handle('email', handler);
      b.handle('email', handler);
      const [ra, rb] = await Promise.all([a.deliverDue(), b.deliverDue()]);
      assert.equal(ra.sent + rb.sent, 60);
      assert.ok(ids.every((id) => handler.seen.get(id) === 1));
      const rows = await rowsOf(ctx, ids);
      assert.ok(rows.every((r) => r.state === 'sent' && r.attempts === 1 && r.sentAt !== null));
      assert.ok(rows.every((r) => !('code' in r.payload)), 'the code is erased once sent');
    });

    it('a failed attempt waits its back-off (doubling), then succeeds; a permanent refusal or the last attempt fails it for staff', async () => {
      const clock = new MovableClock();
      const box = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      let down = true;
      box.handle('email', counting(0, () => (down ? new Error('HTTP 503') : null)));
      const [id] = await queue(ctx, 1, 'retry', clock.now());
      await box.deliverNow([id!]);
      let [row] = await rowsOf(ctx, [id!]);
      assert.equal(row!.state, 'pending');
      assert.equal(row!.nextAttemptAt.getTime() - clock.now().getTime() <= 10_000, true);
      assert.match(row!.lastError ?? '', /HTTP 503/);
      assert.equal((await box.deliverDue()).sent, 0, 'not before its back-off');
      clock.advance(10_001);
      await box.deliverDue();
      [row] = await rowsOf(ctx, [id!]);
      assert.equal(row!.attempts, 2);
      assert.ok(row!.nextAttemptAt.getTime() - clock.now().getTime() > 10_000, 'the second wait is longer');
      down = false;
      clock.advance(20_001);
      assert.equal((await box.deliverDue()).sent, 1);

      const refusing = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      refusing.handle('email', counting(0, () => new PermanentDeliveryError('550 no such mailbox')));
      const [bad] = await queue(ctx, 1, 'refused', clock.now());
      await refusing.deliverNow([bad!]);
      assert.equal((await rowsOf(ctx, [bad!]))[0]!.state, 'failed');

      const flaky = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      flaky.handle('email', counting(0, () => new Error('timeout')));
      const [tired] = await queue(ctx, 1, 'tired', clock.now());
      for (let i = 0; i < 3; i += 1) {
        await flaky.deliverDue();
        clock.advance(300_001);
      }
      const [given] = await rowsOf(ctx, [tired!]);
      assert.equal(given!.state, 'failed');
      assert.equal(given!.attempts, 3);

      // staff see it and send it again
      const staff = await ctx.tokenFor(STAFF_PHONE);
      const listed = await call(ctx, 'GET', '/api/staff/outbox?state=failed&kind=email', staff);
      assert.equal(listed.status, 200);
      const entry = listed.body.data.entries.find((e: { id: number }) => e.id === tired);
      assert.equal(entry.attempts, 3);
      assert.match(entry.last_error, /timeout/);
      assert.equal(entry.payload, undefined, 'never the payload');
      assert.ok(listed.body.data.counts.failed >= 2);
      assert.equal((await call(ctx, 'GET', '/api/staff/outbox', await ctx.tokenFor(CUSTOMER_PHONE))).status, 403);
      assert.equal((await call(ctx, 'GET', '/api/staff/outbox')).status, 401);
      // the app's own outbox delivers the e-mail kind in tests (the dev mail channel)
      assert.equal((await call(ctx, 'POST', `/api/staff/outbox/${tired}/retry`, staff)).status, 200);
      assert.equal((await rowsOf(ctx, [tired!]))[0]!.state, 'sent');
      assert.equal((await call(ctx, 'POST', `/api/staff/outbox/${tired}/retry`, staff)).status, 404, 'only a failed row');
    });

    it('a claim left by a crashed worker is taken again after its lease; the late attempt cannot settle it twice', async () => {
      const clock = new MovableClock();
      const [id] = await queue(ctx, 1, 'crash', clock.now());
      // a worker claimed it and died: sending, lease running out
      await ctx.db.update(outbox).set({ state: 'sending', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 60_000) }).where(eq(outbox.id, id!));
      const box = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      const handler = counting();
      box.handle('email', handler);
      assert.equal((await box.deliverNow([id!])).sent, 0, 'still claimed');
      clock.advance(60_001);
      assert.equal((await box.deliverNow([id!])).sent, 1);
      const [row] = await rowsOf(ctx, [id!]);
      assert.equal(row!.attempts, 2);
      // the dead worker's attempt (attempt 1) comes back late: nothing changes
      const stale = await ctx.db.execute(sql`update ${outbox} set state = 'pending' where id = ${id} and state = 'sending' and attempts = 1 returning id`);
      assert.equal((stale as { rows: unknown[] }).rows.length, 0);
    });

    it('a sign-in code past its countdown is never sent; a kind nobody here can send waits; a dedupe key writes once', async () => {
      const clock = new MovableClock();
      const box = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      const handler = counting();
      box.handle('email', handler);
      const [late] = await queue(ctx, 1, 'late', clock.now(), { expiresInMs: 1000 });
      clock.advance(1001);
      const report = await box.deliverNow([late!]);
      assert.equal(report.expired, 1);
      assert.equal(handler.seen.has(late!), false);

      const [refund] = await ctx.db.transaction(async (tx) => [await enqueue(tx, { kind: 'refund', recipient: 'x:1', payload: {} }, clock.now())]);
      const nobody = createOutbox({ db: ctx.db, clock, config: CONFIG, log: quiet });
      await nobody.deliverNow([refund!]);
      const [waiting] = await rowsOf(ctx, [refund!]);
      assert.equal(waiting!.state, 'pending');
      assert.match(waiting!.lastError ?? '', /no handler/);

      const once = await ctx.db.transaction(async (tx) => [
        await enqueue(tx, { kind: 'email', recipient: 'a@b.ru', payload: {}, dedupeKey: 'mail:test:1' }, clock.now()),
        await enqueue(tx, { kind: 'email', recipient: 'a@b.ru', payload: {}, dedupeKey: 'mail:test:1' }, clock.now()),
      ]);
      assert.ok(once[0]);
      assert.equal(once[1], null);
    });
  });
}
