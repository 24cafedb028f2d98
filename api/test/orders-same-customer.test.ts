// One customer placing several orders at once (two tabs, a client retrying through a balancer): each is placed, one
// after another, never a 500. On PostgreSQL the idempotency key's row (its foreign key share-locks the customer) and
// the customer's row lock taken in the other order deadlocked (found by `npm run topology`, issue 29).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';

for (const kind of databaseKinds()) {
  describe(`orders of one customer at once (${kind})`, () => {
    const ctx = useTestApp(kind, { env: { ORDER_CREATE_LIMIT_ACCOUNT: '1000', ORDER_CREATE_LIMIT_IP: '1000', ORDER_MAX_UNPAID_SEATS: '1000' } });

    it('concurrent orders with their own keys are all placed, and a retried key is answered once', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const event = await ctx.db.query.events.findFirst({
        where: (e, { and, eq, gt }) => and(eq(e.status, 'active'), gt(e.startsAt, new Date(Date.now() + 3 * 86_400_000))),
        orderBy: (e, { desc }) => [desc(e.capacity)],
      });
      assert.ok(event, 'a future slot');
      const excursion = await ctx.db.query.excursions.findFirst({ where: (x, { eq }) => eq(x.id, event.excursionId) });
      const units = excursion?.priceUnits;
      const body = {
        excursion_id: event.excursionId,
        event_id: event.id,
        participants: [{ code: units?.[0]?.code ?? 'adult', count: 1 }],
        contact_name: 'Иван',
        contact_phone: '+7 999 000-00-01',
      };
      const place = (key: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/excursion/user/order', headers: { ...bearer(token), 'idempotency-key': key }, payload: body });
      const n = Math.min(8, event.capacity - event.bookedSeats);
      assert.ok(n >= 4, `a slot with room for ${n} orders`);
      const keys = Array.from({ length: n }, (_, i) => `same-customer-${i}-${kind}`);
      // every key twice at once: the retry waits for its first attempt and gets the same order
      const answers = await Promise.all([...keys, ...keys].map(place));
      for (const answer of answers) assert.ok(answer.statusCode === 201 || answer.statusCode === 200, `${answer.statusCode} ${answer.body.slice(0, 300)}`);
      const ids = answers.map((a) => a.json().data.id as number);
      assert.equal(new Set(ids).size, n, 'one order per key');
      assert.deepEqual(ids.slice(0, n), ids.slice(n));
    });
  });
}
