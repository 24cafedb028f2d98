// What `npm run topology` checks (issue 29 §3): the data after the load (orders, seats, tickets, payments, the partner's
// answers), the shared rate limits, and the figures of the request samples by time window.

/** Each slot's booked seats and the seats its live orders hold. */
export async function seatBalance(db, eventIds) {
  const { rows } = await db.query(
    `select e.id, e.booked_seats, (select coalesce(sum(o.seats), 0)::int from orders o where o.event_id = e.id
           and o.status in ('awaiting_confirmation', 'awaiting_payment', 'confirmed', 'completed')) as held
         from events e where e.id = any($1)`,
    [eventIds],
  );
  return rows;
}

/**
 * The data after the load: every order the clients were answered for is stored once under its key and none was made
 * unanswered; no slot holds more seats than it has; every confirmed paid order has tickets; every payment a client
 * saw confirmed is stored as succeeded; every request was answered by the partner exactly once.
 */
export async function dataChecks(db, { orderKeys, paid, requests }) {
  const problems = [];
  const keys = [...orderKeys.keys()];
  const { rows } = await db.query(
    `select k.key, k.order_id, (select count(*)::int from order_idempotency_keys k2 where k2.key = k.key) as n
     from order_idempotency_keys k where k.key = any($1)`,
    [keys],
  );
  const stored = new Map(rows.map((r) => [r.key, r]));
  let answered = 0;
  let unanswered = 0;
  for (const [key, client] of orderKeys) {
    const row = stored.get(key);
    if (client.orderId !== null) {
      answered += 1;
      if (!row || row.order_id !== client.orderId) problems.push(`order of key ${key} (id ${client.orderId}) is not stored under it`);
      if (row && row.n !== 1) problems.push(`key ${key} has ${row.n} orders`);
    } else if (row?.order_id) {
      // made, but its answer never reached the client after every retry
      unanswered += 1;
      problems.push(`order ${row.order_id} (key ${key}) was created but the client never got it (${client.status ?? 'no answer'})`);
    }
  }
  const doubled = await db.query(
    `select o.customer_id, count(*)::int as n from orders o join order_idempotency_keys k on k.order_id = o.id
     where k.key = any($1) group by o.id, o.customer_id having count(*) > 1`,
    [keys],
  );
  for (const row of doubled.rows) problems.push(`an order is behind ${row.n} keys`);
  const loadOrders = (await db.query(`select count(*)::int as n from order_idempotency_keys where key like 'topology-%'`)).rows[0].n;
  if (loadOrders !== answered + unanswered) problems.push(`${loadOrders} orders of the load stored, ${answered} answered`);
  const oversold = await db.query(
    `select e.id, e.capacity, e.booked_seats,
       (select coalesce(sum(o.seats), 0)::int from orders o where o.event_id = e.id
          and o.status in ('awaiting_confirmation', 'awaiting_payment', 'confirmed', 'completed')) as held
     from events e where e.booked_seats > e.capacity
        or (select coalesce(sum(o.seats), 0) from orders o join excursions x on x.id = o.excursion_id
            where o.event_id = e.id and x.format = 'group'
              and o.status in ('awaiting_payment', 'confirmed', 'completed')) > e.capacity`,
  );
  for (const row of oversold.rows) problems.push(`event ${row.id}: ${row.held} seats held, ${row.booked_seats} booked of ${row.capacity}`);
  const withoutTickets = await db.query(
    `select o.id from orders o where exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded')
       and o.status = 'confirmed' and not exists (select 1 from tickets t where t.order_id = o.id)`,
  );
  for (const row of withoutTickets.rows) problems.push(`paid order ${row.id} has no tickets`);
  const paidStored = (
    await db.query(`select count(*)::int as n from payments where status = 'succeeded' and order_id = any($1)`, [[...paid]])
  ).rows[0].n;
  if (paidStored !== paid.size) problems.push(`${paid.size} payments confirmed to clients, ${paidStored} stored as succeeded`);

  // the partner's desk: each request answered once (one partner row in its history), none left waiting
  const ids = [...requests.keys()];
  const answers = (
    await db.query(
      `select o.id, o.status, (select count(*)::int from order_status_history h where h.order_id = o.id and h.actor = 'partner'
          and h.status in ('awaiting_payment', 'declined')) as decisions
       from orders o where o.id = any($1)`,
      [ids],
    )
  ).rows;
  for (const row of answers) {
    if (row.decisions !== 1) problems.push(`request ${row.id} was answered ${row.decisions} times by the partner`);
    if (row.status === 'awaiting_confirmation') problems.push(`request ${row.id} is still waiting for the partner`);
  }
  const decisions = [...requests.values()].map((r) => r.decision);
  const figures = {
    answered,
    keys: orderKeys.size,
    paid: paid.size,
    requests: {
      made: ids.length,
      accepted: decisions.filter((d) => d === 'confirmed').length,
      declined: decisions.filter((d) => d === 'declined').length,
      undecided: decisions.filter((d) => d === null).length,
      acceptedThenPaid: [...requests.entries()].filter(([id, r]) => r.decision === 'confirmed' && paid.has(id)).length,
    },
  };
  if (figures.requests.undecided) {
    const which = [...requests.entries()].filter(([, r]) => r.decision === null).map(([id, r]) => `${id}: ${r.last ?? 'never seen'}`);
    problems.push(`${figures.requests.undecided} requests got no answer the partner's desk saw (${which.join('; ')})`);
  }
  if (figures.requests.accepted < 3) problems.push(`only ${figures.requests.accepted} requests were accepted: the partner's desk was not exercised`);
  if (figures.requests.declined < 1) problems.push(`no request was declined: the decline path was not exercised`);
  // a declined request is never paid, nor holds seats (the oversold check above counts only held and paid orders)
  const declinedPaid = (
    await db.query(`select count(*)::int as n from orders o join payments p on p.order_id = o.id and p.status = 'succeeded' where o.id = any($1) and o.status = 'declined'`, [ids])
  ).rows[0].n;
  if (declinedPaid) problems.push(`${declinedPaid} declined requests have a succeeded payment`);
  if (figures.requests.acceptedThenPaid < 1) problems.push('no accepted request was paid');
  return { problems, orders: figures };
}

/**
 * A shared limit: `count` requests spread over both api processes in turn (`send(i)` → HTTP status), `parallel` at a
 * time; a budget of `limit` kept in Redis lets exactly `limit` through in all (per-process counters would let twice
 * as many through). Returns the statuses, in order, and the problem if any.
 */
export async function sharedLimit(name, limit, count, send, parallel = 1) {
  const statuses = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) statuses[i] = await send(i);
    }),
  );
  const passed = statuses.filter((s) => s !== 429).length;
  const refused = statuses.filter((s) => s === 429).length;
  const odd = statuses.filter((s) => s >= 500 || s === 0).length;
  const problem =
    passed !== limit || refused !== count - limit || odd
      ? `${name}: a limit of ${limit} across two processes let ${passed} of ${count} through (${refused} × 429, ${odd} failed)`
      : null;
  return { limit, requests: count, passed, refused, problem };
}

// ── figures ──────────────────────────────────────────────────────────────────────────────────────────────────────
export const p99 = (values) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] * 10) / 10;
};
/** A request belongs to the window it ended in (one in flight when a process died failed with it). */
export const endOf = (s) => s.t + s.ms / 1000;
export function windowFigures(samples, from, to) {
  const inside = samples.filter((s) => endOf(s) >= from && endOf(s) < to);
  return { requests: inside.length, errors: inside.filter((s) => !s.ok).length, p99Ms: p99(inside.filter((s) => s.ok).map((s) => s.ms)) };
}
export const describe = (s) => `${s.kind} ${s.status} ${s.error ?? ''} at ${s.t.toFixed(1)} s`;

/**
 * Recovery after a fault at `from`: seconds from it to the start of the first one-second window (in steps of 0.1 s)
 * whose successful requests reach 90 % of `ratePerS`, the rate before the fault (0 when the rate never dropped below
 * it). Null when none did before `until`.
 */
export function recovery(samples, from, until, ratePerS) {
  const ends = samples.filter((s) => s.ok).map(endOf).sort((a, b) => a - b);
  let first = 0;
  let last = 0;
  for (let t = from; t + 1 <= until; t += 0.1) {
    while (first < ends.length && ends[first] < t) first += 1;
    while (last < ends.length && ends[last] < t + 1) last += 1;
    if (last - first >= 0.9 * ratePerS) return Math.round((t - from) * 10) / 10;
  }
  return null;
}
