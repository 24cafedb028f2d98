// `npm run topology` (issue 29 §3): the production build as several processes behind a balancer, with processes dying
// mid-traffic — on the local PostgreSQL and Redis, with HAProxy (scripts/topology/processes.mjs).
//
// A bounded mixed load (scripts/topology/load.mjs) runs for --seconds: customers browse pages and the catalog, order
// with an Idempotency-Key (retried like a client), pay, send requests to on-request excursions that a partner's desk
// accepts, pay the accepted ones, read their orders; a customer and a partner chat, each message sent through one api
// process and awaited on the other party's socket on the other process; a checker writes through one api and reads
// through the other; realtime clients hold the customer's channel through the balancer. Meanwhile
// (scripts/topology/faults.mjs) SIGKILL of api1 and shell1 and their restart, then, once they are back in rotation,
// SIGTERM of api2 and shell2 (graceful) and their restart. Asserted at the end (exit 1 on any;
// scripts/topology/assertions.mjs):
// - no order lost or created twice, never more seats sold than exist, every paid order with its tickets, every
//   request answered by the partner exactly once;
// - requests fail only inside the SIGKILL window, none around the SIGTERM, and the terminated processes leave the
//   balancer's rotation before they exit, and exit 0;
// - every realtime client gets every notification (live or caught up by id); every chat message sent through one api
//   process reaches the other party's socket on the other process;
// - a write through one api process is read at once through the other (the signed-in caches' epoch over Redis);
// - each due hold expires once though both processes' sweeps race for it;
// - the sign-in and order-creation limits are shared (Redis): their budget is spent across both processes, not per
//   process.
// Figures (requests, errors by window, recovery, p99 before/during/after) go into bench/report.json under `topology`.
//
// Options: --seconds 30 (load), --users 6 (virtual customers), --keep (leave the database). Ports: TOPOLOGY_PORT_BASE
// (20000) to +110. Redis: TOPOLOGY_REDIS_DB (15, flushed). Needs: haproxy on PATH (.ci/run installs it), PostgreSQL
// (TOPOLOGY_DATABASE_URL or DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), Redis (TOPOLOGY_REDIS_URL
// or REDIS_URL, else redis://127.0.0.1:6379).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLoad, json } from './topology/load.mjs';
import { killAndRestart, terminateAndRestart } from './topology/faults.mjs';
import { dataChecks, describe, endOf, p99, recovery, seatBalance, sharedLimit, windowFigures } from './topology/assertions.mjs';
import { clock, createTopology, log, root, sleep } from './topology/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = option('seconds', 30);
const USERS = option('users', 6);
const KEEP = args.includes('--keep');
/** Sign-in codes one IP may ask for per window (SSO_SEND_LIMIT_IP). */
const SIGN_IN_LIMIT = 12;
/**
 * Orders one account may create per hour (ORDER_CREATE_LIMIT_ACCOUNT): above what a virtual customer can try in a
 * run (one attempt per ORDER_PACE_MS), so only the limit check meets it.
 */
const ORDER_LIMIT = 600;

const topology = createTopology({
  limits: { SSO_SEND_LIMIT_IP: String(SIGN_IN_LIMIT), ORDER_CREATE_LIMIT_ACCOUNT: String(ORDER_LIMIT) },
});
const { PORTS, LB } = topology;
const load = createLoad(topology);
const { samples, state } = load;

/** Accounts of the load's own (the dev sign-in only signs existing accounts in): one per virtual customer, and spares. */
async function customers(db, first, count) {
  const phones = Array.from({ length: count }, (_, i) => `7999600${String(first + i).padStart(4, '0')}`);
  await db.query(`insert into users (phone, name, user_type) select p, 'Покупатель ' || p, 'client'::user_type from unnest($1::text[]) p`, [phones]);
  return phones;
}

/** The first bookable slots of a few excursions of the list matching `which`. */
async function bookable(list, which, excursions, perExcursion) {
  const slots = [];
  for (const excursion of list.filter(which).slice(0, excursions)) {
    const events = json({ body: await (await fetch(`${LB}/api/excursion/public/excursions/${excursion.id}/events`)).text() }).data;
    for (const event of events.filter((e) => e.bookable > 0).slice(0, perExcursion)) {
      slots.push({ excursionId: excursion.id, eventId: event.id, unit: event.price_units[0].code });
    }
  }
  return slots;
}

async function main() {
  const report = { startedAt: new Date().toISOString(), seconds: SECONDS, users: USERS, processes: { api: 2, shell: 2, remotes: 6 } };
  let failed = [];
  try {
    const db = await topology.prepare();
    await topology.up();

    // bookable slots: the first instant-booking group excursions' next events (their seats run out under the load),
    // and, for requests, one partner's on-request group excursions (their partner's desk answers them)
    const list = json({ body: await (await fetch(`${LB}/api/excursion/public/excursions?per_page=48`)).text() }).data.data;
    const slots = await bookable(list, (e) => e.instant_booking && e.format === 'group', 3, 2);
    if (!slots.length) throw new Error('no bookable instant-booking slot in the seed');
    const onRequest = list.filter((e) => !e.instant_booking && e.format === 'group').map((e) => e.id);
    const owners = (await db.query('select x.id, x.partner_id, u.phone from excursions x join users u on u.id = x.partner_id where x.id = any($1)', [onRequest])).rows;
    const deskPartner = owners[0];
    if (!deskPartner) throw new Error('no on-request group excursion in the seed');
    const requestIds = new Set(owners.filter((o) => o.partner_id === deskPartner.partner_id).map((o) => o.id));
    const requestSlots = await bookable(list, (e) => requestIds.has(e.id), 2, 3);
    if (!requestSlots.length) throw new Error('no bookable on-request slot in the seed');
    const seatOffsets = new Map((await seatBalance(db, slots.map((s) => s.eventId))).map((r) => [r.id, r.booked_seats - r.held]));

    // accounts: the demo customer (its channel is the realtime clients', its seeded order the chat's) and the others
    const phones = await customers(db, 1, USERS - 1);
    const customer = await load.signIn(LB, '79990000001');
    const users = [customer, ...(await Promise.all(phones.map((phone) => load.signIn(LB, phone))))];
    const desk = await load.signIn(LB, deskPartner.phone);
    const chatOrder = (
      await db.query(
        `select o.id, p.phone from orders o join users p on p.id = o.partner_id where o.customer_id = $1 order by o.id limit 1`,
        [customer.user.id],
      )
    ).rows[0];
    if (!chatOrder) throw new Error('the demo customer has no seeded order to chat on');
    const chatPartner = await load.signIn(LB, chatOrder.phone);

    // realtime: three clients of the customer's channel through the balancer (spread over the processes by it), and
    // each chat party's socket on each api process directly
    const firstId = (await db.query('select coalesce(max(id), 0)::int as id from notifications')).rows[0].id;
    const realtime = [0, 1, 2].map((n) => load.realtimeClient(`customer via HAProxy ${n}`, { token: customer.token, userId: customer.user.id, port: PORTS.lb, catchUp: true }));
    const chatSockets = {
      customer: PORTS.api.map((port, i) => load.realtimeClient(`customer on api${i + 1}`, { token: customer.token, userId: customer.user.id, port })),
      partner: PORTS.api.map((port, i) => load.realtimeClient(`partner on api${i + 1}`, { token: chatPartner.token, userId: chatPartner.user.id, port })),
    };
    const sockets = [...realtime, ...chatSockets.customer, ...chatSockets.partner];
    await Promise.all(sockets.map((c) => c.start(firstId)));

    const loadStarted = clock();
    // a virtual user that throws is a failure of the run, reported with the others (never an unhandled rejection)
    const crashes = [];
    const caught = (promise, name) => promise.catch((error) => crashes.push(`${name}: ${error.message}`));
    const running = users.map((u, n) => caught(load.virtualUser(n, u.token, slots, requestSlots), `user ${n}`));
    const deskRun = caught(load.partnerDesk(desk.token), "partner's desk");
    const chatRun = caught(load.chat({ orderId: chatOrder.id, customer, partner: chatPartner, sockets: chatSockets }), 'chat');
    const partnerOfDemo = await load.signIn(`http://127.0.0.1:${PORTS.api[0]}`, '79990000002'); // its own favorites
    const ryw = caught(load.readYourWrite(partnerOfDemo.token, list.slice(0, 6).map((e) => e.id)), 'read-your-write');

    // faults: SIGKILL of api1 and shell1 at a third of the run, restarted at once
    await sleep((SECONDS * 1000) / 3);
    const kill = await killAndRestart(topology, state, 0);
    // then SIGTERM of api2 and shell2: readiness drops, in-flight requests finish, sockets told to reconnect; restarted
    await sleep(Math.max(2000, (SECONDS * 1000) / 6));
    const term = await terminateAndRestart(topology, state, 1);
    // and a while with all of them back
    await sleep(Math.max(3000, (loadStarted + SECONDS - clock()) * 1000));
    state.stopping = true;
    await Promise.all(running);
    state.customersDone = true;
    await deskRun;
    const chatResult = (await chatRun) ?? { sent: 0, delivered: 0, missed: [], inDoubt: 0, deliveryMs: [] };
    const readYourWriteResult = (await ryw) ?? { checks: 0, stale: 0, skipped: 0 };
    await sleep(1500); // the last notifications' fan-out
    await Promise.all(sockets.map((c) => c.stop()));
    const published = (await db.query('select id from notifications where user_id = $1 and id > $2 order by id', [customer.user.id, firstId])).rows.map((r) => String(r.id));
    const loadEnded = clock();
    log(`load stopped: ${samples.length} requests`);

    // the lifecycle sweeps of both processes (every second) race for the holds that fall due now: each expires once
    const aged = (
      await db.query(`update orders set payment_due_at = now() - interval '1 second' where id = any($1) and status = 'awaiting_payment' returning id`, [
        [...load.unpaid],
      ])
    ).rows.map((r) => r.id);
    const sweepDeadline = Date.now() + 15_000;
    let expired = 0;
    while (Date.now() < sweepDeadline) {
      expired = (await db.query(`select count(*)::int as n from orders where id = any($1) and status = 'expired'`, [aged])).rows[0].n;
      if (expired === aged.length) break;
      await sleep(250);
    }
    const twice = (
      await db.query(
        `select order_id, count(*)::int as n from order_status_history where order_id = any($1) and status = 'expired' group by order_id having count(*) <> 1`,
        [aged],
      )
    ).rows;
    // the seed books seats without orders: what must not move is booked − held by orders, from the start
    const seatDrift = (await seatBalance(db, slots.map((s) => s.eventId))).filter((r) => r.booked_seats - r.held !== seatOffsets.get(r.id));
    log(`sweeps: ${expired} of ${aged.length} aged holds expired`);

    // the shared limits, each request to the api processes in turn: sign-in codes per IP, orders per account (a fresh
    // account; the body is checked after the limit, so an empty one spends the budget without making an order)
    const direct = (i) => `http://127.0.0.1:${PORTS.api[i % 2]}`;
    const signInLimit = await sharedLimit('sign-in codes per IP', SIGN_IN_LIMIT, SIGN_IN_LIMIT + 4, async (i) =>
      (
        await fetch(`${direct(i)}/api/sso/auth/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: `7999${String(5_000_000 + i).padStart(7, '0')}` }),
        })
      ).status,
    );
    const [limitPhone] = await customers(db, 0, 1);
    const limited = await load.signIn(direct(0), limitPhone);
    const orderLimit = await sharedLimit(
      'orders per account',
      ORDER_LIMIT,
      ORDER_LIMIT + 4,
      async (i) =>
        (
          await fetch(`${direct(i)}/api/excursion/user/order`, {
            method: 'POST',
            headers: { authorization: `Bearer ${limited.token}`, 'content-type': 'application/json' },
            body: '{}',
          }).catch(() => ({ status: 0 }))
        ).status,
      8,
    );
    log(`limits: sign-in ${signInLimit.passed} of ${signInLimit.requests}, orders ${orderLimit.passed} of ${orderLimit.requests} let through`);
    const metricsText = await (await fetch(`http://127.0.0.1:${PORTS.apiMetrics[0]}/metrics`)).text();

    const data = await dataChecks(db, load);
    const killWindow = windowFigures(samples, kill.at, kill.back);
    const before = windowFigures(samples, loadStarted, kill.at);
    const between = windowFigures(samples, kill.back, term.at);
    const termWindow = windowFigures(samples, term.at, term.back);
    const after = windowFigures(samples, term.back, loadEnded);
    const rateBefore = before.requests / Math.max(1, kill.at - loadStarted);
    const recoveryS = recovery(samples, kill.at, loadEnded, rateBefore);
    const errorsOutsideKill = samples.filter((s) => !s.ok && (endOf(s) < kill.at || endOf(s) >= kill.back));
    Object.assign(report, {
      requests: samples.length,
      throughputPerS: Math.round(rateBefore * 10) / 10,
      windows: {
        beforeKill: before,
        sigkill: { ...killWindow, fromS: Math.round(kill.at * 10) / 10, restartedAfterS: Math.round((kill.ready - kill.at) * 10) / 10, backInRotationAfterS: Math.round((kill.back - kill.at) * 10) / 10 },
        betweenFaults: between,
        sigterm: { ...termWindow, fromS: Math.round(term.at * 10) / 10, backInRotationAfterS: Math.round((term.back - term.at) * 10) / 10, stopped: term.stopped },
        after,
      },
      recoveryS,
      errorsOutsideKillWindow: errorsOutsideKill.length,
      orders: data.orders,
      chat: { ...chatResult, deliveryMs: undefined, deliveryP99Ms: p99(chatResult.deliveryMs) },
      readYourWrite: readYourWriteResult,
      sweeps: { agedHolds: aged.length, expired, expiredTwice: twice.length, seatDrift },
      realtime: {
        published: published.length,
        clients: realtime.map((c) => ({
          received: published.filter((id) => c.received.has(id)).length,
          live: c.live,
          caughtUp: c.caughtUp,
          reconnects: c.reconnects,
          closeCodes: [...new Set(c.closeCodes)],
        })),
      },
      limits: { signIn: signInLimit, orders: orderLimit },
      byKind: Object.fromEntries(
        [...new Set(samples.map((s) => s.kind))].map((kind) => {
          const of = samples.filter((s) => s.kind === kind);
          return [kind, { requests: of.length, errors: of.filter((s) => !s.ok).length, p99Ms: p99(of.filter((s) => s.ok).map((s) => s.ms)) }];
        }),
      ),
    });

    failed = [...crashes, ...data.problems];
    if (errorsOutsideKill.length) {
      failed.push(`${errorsOutsideKill.length} failed requests outside the SIGKILL window (${errorsOutsideKill.slice(0, 5).map(describe).join('; ')})`);
    }
    if (termWindow.errors) {
      const which = samples.filter((s) => !s.ok && endOf(s) >= term.at && endOf(s) < term.back).slice(0, 5);
      failed.push(`${termWindow.errors} failed requests around the SIGTERM (${which.map(describe).join('; ')})`);
    }
    for (const s of term.stopped) {
      if (s.exitCode !== 0) failed.push(`${s.name} exited with ${s.exitCode ?? s.signal} on SIGTERM, not 0`);
      if (s.outOfRotationAfterS === null) failed.push(`${s.name} exited on SIGTERM while the balancer still had it in rotation`);
    }
    if (readYourWriteResult.checks < 5) failed.push(`only ${readYourWriteResult.checks} read-your-write checks ran`);
    if (readYourWriteResult.stale) failed.push(`${readYourWriteResult.stale} of ${readYourWriteResult.checks} reads on the other process missed the write`);
    for (const limit of [signInLimit, orderLimit]) if (limit.problem) failed.push(limit.problem);
    for (const c of realtime) {
      const missing = published.filter((id) => !c.received.has(id));
      if (missing.length) failed.push(`realtime client ${c.name} never got ${missing.length} of ${published.length} notifications (${missing.slice(0, 5).join(', ')})`);
    }
    if (chatResult.delivered < 5) failed.push(`only ${chatResult.delivered} chat messages were delivered across the processes`);
    for (const m of chatResult.missed) failed.push(`chat message ${m.id} sent through ${m.via} never reached the ${m.to} socket`);
    if (aged.length < 3) failed.push(`only ${aged.length} unpaid holds to expire: the sweeps were not exercised`);
    if (expired !== aged.length) failed.push(`${aged.length - expired} of ${aged.length} due holds were not expired by the sweeps`);
    for (const row of twice) failed.push(`order ${row.order_id} expired ${row.n} times`);
    for (const row of seatDrift) {
      failed.push(`event ${row.id}: ${row.booked_seats} seats booked for ${row.held} held by orders, ${seatOffsets.get(row.id)} more at the start (seats freed twice or never)`);
    }
    if (published.length < 5) failed.push(`only ${published.length} notifications were published to the customer`);
    if (!realtime.some((c) => c.reconnects > 0)) failed.push('no realtime client had to reconnect: the faults missed them');
    if (data.orders.answered < 10) failed.push(`only ${data.orders.answered} orders were made: the load did not run`);
    if (!/excursio_http_request_duration_seconds_count/.test(metricsText)) failed.push('api1 /metrics has no request latency');
    report.failures = failed;
    report.ok = failed.length === 0;
  } finally {
    state.stopping = true;
    state.customersDone = true;
    await topology.down({ keep: KEEP });
  }

  report.totalS = Math.round(clock() * 10) / 10;
  const reportFile = path.join(root, 'bench/report.json');
  const previous = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {};
  writeFileSync(reportFile, `${JSON.stringify({ ...previous, topology: report }, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (failed.length) {
    for (const name of ['api1', 'api2']) console.error(`── ${name} (last lines) ──\n${(topology.outputs.get(name) ?? []).slice(-12).join('\n').slice(0, 4000)}`);
    console.error(`\n✗ topology: ${failed.length} problem(s)\n- ${failed.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    `\n✓ topology: ${report.requests} requests, ${report.orders.answered} orders, ${report.orders.requests.accepted} requests accepted and ${report.orders.requests.declined} declined, ` +
      `${report.chat.delivered} chat messages across processes, recovery ${report.recoveryS} s, ${report.totalS} s in all`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    topology.killAll();
    // its database too, as a run that ends does
    topology.down().finally(() => process.exit(130));
  });
}

main().catch(async (error) => {
  console.error(error);
  for (const [name, lines] of topology.outputs) if (lines.length) console.error(`── ${name} ──\n${lines.slice(-15).join('\n')}`);
  topology.killAll();
  process.exit(1);
});
