// `npm run topology` (issue 29 §3): the production build as several processes behind a balancer, with processes dying
// mid-traffic — on the local PostgreSQL and Redis, with HAProxy.
//
//   HAProxy :BASE ── /api/, /app/, /socket/ ──► api × 2 (node api/dist/main.js)        ◄── HAProxy :BASE+1 (the shells' API_URL)
//            └────── everything else ────────► shell server × 2 (SSR) ──► the six remotes' servers
//
// One database `topology_<time>` (created, migrated once with `node api/dist/cli.js migrate`, seeded, dropped at the
// end), Redis database TOPOLOGY_REDIS_DB (15 by default: flushed at the start), a realtime app id of its own.
// A bounded mixed load (browse pages and the catalog, sign in, order with an Idempotency-Key and retry like a client,
// pay, read my orders) runs for --seconds; meanwhile SIGKILL of one api and one shell server and their restart, then,
// once they serve again, SIGTERM of the other api (graceful) and its restart. Asserted at the end (exit 1 on any):
// - no order lost or created twice (every key the clients were answered for has exactly one order, every order of
//   the load's keys was answered), never more seats sold than exist, every paid order with its tickets;
// - requests fail only inside the SIGKILL window, none around the SIGTERM;
// - a write through one api process is read at once through the other (the signed-in caches' epoch over Redis);
// - the sign-in rate limit is shared: its budget is spent across both processes, not per process.
// Figures (requests, errors by window, recovery, p99 before/during/after) go into bench/report.json under `topology`.
//
// Options: --seconds 40 (load), --users 6 (virtual users), --keep (leave the database). Ports: TOPOLOGY_PORT_BASE
// (20000). Needs: haproxy on PATH (.ci/run installs it), PostgreSQL (TOPOLOGY_DATABASE_URL or DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), Redis (TOPOLOGY_REDIS_URL or REDIS_URL, else redis://127.0.0.1:6379).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portVariable, remotes } from '../shell/server/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireApi = createRequire(path.join(root, 'api/package.json'));
const pg = requireApi('pg');
const WebSocket = requireApi('ws');
const { Redis } = requireApi('ioredis');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = option('seconds', 40);
const USERS = option('users', 6);
const KEEP = args.includes('--keep');
const BASE = Number(process.env.TOPOLOGY_PORT_BASE ?? 20000);
const PORTS = {
  lb: BASE,
  lbApi: BASE + 1,
  api: [BASE + 80, BASE + 81],
  apiMetrics: [BASE + 90, BASE + 91],
  shell: [BASE + 100, BASE + 110],
  remote: Object.fromEntries(remotes.map((r, i) => [r.dir, BASE + 101 + i])),
};
const SERVER_URL = process.env.TOPOLOGY_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_DB = Number(process.env.TOPOLOGY_REDIS_DB ?? 15);
const redisUrl = (() => {
  const url = new URL(process.env.TOPOLOGY_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${REDIS_DB}`;
  return url.href;
})();
const RUN = `topology_${Date.now().toString(36)}`;
const databaseUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${RUN}`;
  return url.href;
})();
const SIGN_IN_LIMIT = 12;
const started = performance.now();
const clock = () => (performance.now() - started) / 1000;
const log = (message) => console.log(`[topology ${clock().toFixed(1).padStart(5)} s] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ── processes ────────────────────────────────────────────────────────────────────────────────────────────────────
const children = new Set();
const outputs = new Map();
function start(name, command, argv, env) {
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  outputs.set(name, lines);
  const keep = (chunk) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.label = name;
  return child;
}
const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)));

async function until(what, probe, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}
const answers = (url) => () => fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok);

const REALTIME_SECRET = 'b'.repeat(64);
const apiEnv = (i) => ({
  APP_ENV: 'development', // the dev sign-in (/api/dev/login-as) and test payments drive the load; see docs/production.md
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REALTIME_APP_ID: RUN,
  REALTIME_APP_SECRET: REALTIME_SECRET,
  HOST: '127.0.0.1',
  PORT: String(PORTS.api[i]),
  METRICS_PORT: String(PORTS.apiMetrics[i]),
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '127.0.0.1',
  FRONTEND_ORIGINS: `http://localhost:${PORTS.lb},http://127.0.0.1:${PORTS.lb}`,
  MIGRATE_ON_START: 'false',
  SHUTDOWN_DELAY_MS: '3000', // > the balancer's fall × inter (1.2 s) with room for a slow check
  LIFECYCLE_SWEEP_S: '1',
  MODERATION_AUTO_APPROVE_S: '0',
  SSO_SEND_LIMIT_IP: String(SIGN_IN_LIMIT),
  ORDER_CREATE_LIMIT_ACCOUNT: '100000',
  ORDER_CREATE_LIMIT_IP: '1000000',
  ORDER_MAX_UNPAID_SEATS: '100000',
});
const webEnv = (shellPort) => ({
  APP_ENV: 'production',
  SHELL_PORT: String(shellPort),
  ...Object.fromEntries(remotes.map((r) => [portVariable(r), String(PORTS.remote[r.dir])])),
  API_URL: `http://127.0.0.1:${PORTS.lbApi}`,
  FRONTEND_ORIGINS: `http://localhost:${PORTS.lb}`,
  SSR_WORKERS: '1',
  REALTIME_APP_KEY: 'excursio-key',
});

const api = [null, null];
const shell = [null, null];
function startApi(i) {
  api[i] = start(`api${i + 1}`, process.execPath, ['--enable-source-maps', 'api/dist/main.js'], apiEnv(i));
  return until(`api${i + 1}`, answers(`http://127.0.0.1:${PORTS.api[i]}/api/ready`));
}
function startShell(i) {
  shell[i] = start(`shell${i + 1}`, process.execPath, ['shell/server/serve.mjs', 'shell'], webEnv(PORTS.shell[i]));
  return until(`shell${i + 1}`, answers(`http://127.0.0.1:${PORTS.shell[i]}/ready`));
}

function haproxyConfig() {
  // three failed checks 400 ms apart take a server out (one slow answer on a loaded machine does not); two bring it back
  const check = 'check inter 400ms fall 3 rise 2';
  return `global
  maxconn 4000
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout tunnel 1h
  timeout check 2s
  option redispatch
  retries 3
  # only a connection that never reached a server is retried elsewhere: a request an api received is never sent twice
  retry-on conn-failure
frontend site
  bind 127.0.0.1:${PORTS.lb}
  acl to_api path_beg /api/ /app/ /socket/
  use_backend apis if to_api
  default_backend shells
frontend api_internal
  bind 127.0.0.1:${PORTS.lbApi}
  default_backend apis
backend apis
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
${PORTS.api.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} ${check}`).join('\n')}
backend shells
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
${PORTS.shell.map((port, i) => `  server shell${i + 1} 127.0.0.1:${port} ${check}`).join('\n')}
`;
}

// ── the load ─────────────────────────────────────────────────────────────────────────────────────────────────────
const LB = `http://127.0.0.1:${PORTS.lb}`;
const samples = []; // { t, ms, ok, kind, status }
const orderKeys = new Map(); // key → { orderId, answered }
const paid = new Set();
const unpaid = new Set(); // orders left unpaid on purpose: the lifecycle sweeps expire them (once)
let stopping = false;

async function call(kind, url, init = {}) {
  const t = clock();
  const begun = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = await response.text();
    const ok = response.status < 500;
    samples.push({ t, ms: performance.now() - begun, ok, kind, status: response.status, ...(ok ? {} : { error: body.slice(0, 80) }) });
    return { status: response.status, body, headers: response.headers };
  } catch (error) {
    samples.push({ t, ms: performance.now() - begun, ok: false, kind, status: 0, error: error.cause?.code ?? error.name });
    return { status: 0, body: '' };
  }
}
const json = (answer) => {
  try {
    return JSON.parse(answer.body);
  } catch {
    return null;
  }
};

/** A client's retry of an idempotent call: the same request again while the answer is a network failure or 5xx. */
async function retried(kind, url, init, attempts = 8) {
  let answer;
  for (let i = 0; i < attempts; i++) {
    answer = await call(kind, url, init);
    if (answer.status !== 0 && answer.status < 500) return answer;
    await sleep(250 * (i + 1));
  }
  return answer;
}

async function signIn(base, phone) {
  const answer = await retried('sign-in', `${base}/api/dev/login-as`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone }),
  });
  const token = json(answer)?.data?.token;
  if (!token) throw new Error(`sign-in failed: ${answer.status} ${answer.body.slice(0, 200)}`);
  return token;
}

async function virtualUser(n, slots) {
  const token = await signIn(LB, '79990000001');
  const auth = { authorization: `Bearer ${token}` };
  let i = 0;
  while (!stopping) {
    i += 1;
    await call('page', `${LB}/`);
    await call('catalog', `${LB}/api/excursion/public/excursions?per_page=12&page=${(i % 3) + 1}`);
    const slot = slots[(n + i) % slots.length];
    await call('events', `${LB}/api/excursion/public/excursions/${slot.excursionId}/events`);
    // order with an Idempotency-Key, retried like a client until an answer comes
    const key = `topology-${n}-${i}-${Math.random().toString(36).slice(2, 10)}`;
    const body = JSON.stringify({
      excursion_id: slot.excursionId,
      event_id: slot.eventId,
      participants: [{ code: slot.unit, count: 1 + (i % 2) }],
      contact_name: 'Нагрузочный тест',
      contact_phone: '+7 999 000-00-01',
    });
    orderKeys.set(key, { orderId: null, answered: false });
    const created = await retried('order', `${LB}/api/excursion/user/order`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
      body,
    });
    const order = json(created)?.data;
    if (created.status === 201 || created.status === 200) orderKeys.set(key, { orderId: order.id, answered: true });
    else orderKeys.set(key, { orderId: null, answered: created.status !== 0 && created.status < 500, status: created.status });
    if (order?.id && order.status === 'awaiting_payment' && i % 3 === 0) unpaid.add(order.id);
    else if (order?.id && order.status === 'awaiting_payment') {
      const pay = await retried('pay', `${LB}/api/excursion/user/order/${order.id}/pay`, { method: 'POST', headers: auth });
      const url = json(pay)?.data?.confirmation_url;
      if (url) {
        const confirmed = await retried('confirm', `${LB}${url}/confirm`, { method: 'POST', redirect: 'manual' });
        if (confirmed.status === 303) paid.add(order.id);
      }
    }
    await call('my-orders', `${LB}/api/excursion/user/order`, { headers: auth });
  }
}

/** Read-your-write across processes: add or remove a favorite through one api, read the ids through the other at once. */
async function readYourWrite(excursionIds, state) {
  const token = await signIn(`http://127.0.0.1:${PORTS.api[0]}`, '79990000002'); // the demo partner: its own favorites
  const headers = { authorization: `Bearer ${token}` };
  const result = { checks: 0, stale: 0, skipped: 0 };
  let i = 0;
  while (!stopping) {
    await sleep(200);
    if (!state.bothUp) {
      result.skipped += 1;
      continue;
    }
    i += 1;
    const [writer, reader] = i % 2 ? [0, 1] : [1, 0];
    const id = excursionIds[i % excursionIds.length];
    const on = (await fetchIds(reader, headers)) ?? null;
    if (on === null) continue;
    const had = on.includes(id);
    const write = await fetch(`http://127.0.0.1:${PORTS.api[writer]}/api/excursion/user/favorite${had ? `/${id}` : ''}`, {
      method: had ? 'DELETE' : 'POST',
      headers: had ? headers : { ...headers, 'content-type': 'application/json' },
      body: had ? undefined : JSON.stringify({ excursion_id: id }),
    }).catch(() => null);
    if (!write?.ok || !state.bothUp) continue;
    const after = await fetchIds(reader, headers);
    if (after === null) continue;
    result.checks += 1;
    if (after.includes(id) === had) result.stale += 1;
  }
  return result;
}
async function fetchIds(i, headers) {
  const response = await fetch(`http://127.0.0.1:${PORTS.api[i]}/api/excursion/user/favorite/appended`, { headers }).catch(() => null);
  if (!response?.ok) return null;
  return (await response.json()).data;
}

/** The sign-in limit per IP: requests alternate between the two processes; the budget is spent once, not twice. */
async function sharedSignInLimit() {
  const statuses = [];
  for (let i = 0; i < SIGN_IN_LIMIT + 4; i++) {
    const response = await fetch(`http://127.0.0.1:${PORTS.api[i % 2]}/api/sso/auth/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `7999${String(5_000_000 + i).padStart(7, '0')}` }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

/**
 * A realtime client of the customer's private channel through the balancer, as a page keeps one: on any close (a
 * killed process, 4200 from a draining one) it reconnects, subscribes again and catches up by id (`/since`), so every
 * notification reaches it, live or caught up.
 */
function realtimeClient(n, token, userId) {
  const channel = `private-App.Models.User.${userId}`;
  const client = { n, received: new Set(), live: 0, caughtUp: 0, reconnects: 0, closeCodes: [], startedAt: null, subscribedOnce: null };
  let lastId = 0;
  let socket = null;
  let done = false;
  const catchUp = async () => {
    const answer = await retried('catch-up', `${LB}/api/excursion/notification/since?after_id=${lastId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    for (const notification of json(answer)?.data?.notifications ?? []) {
      if (!client.received.has(String(notification.id))) client.caughtUp += 1;
      client.received.add(String(notification.id));
      lastId = Math.max(lastId, Number(notification.id));
    }
  };
  const connect = () =>
    new Promise((resolve) => {
      socket = new WebSocket(`ws://127.0.0.1:${PORTS.lb}/app/excursio-key?protocol=7&client=topology`, { origin: `http://localhost:${PORTS.lb}` });
      socket.on('message', async (raw) => {
        const message = JSON.parse(raw.toString());
        if (message.event === 'pusher:connection_established') {
          const { socket_id: socketId } = JSON.parse(message.data);
          const auth = await retried('realtime-auth', `${LB}/socket/broadcasting/auth`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
          });
          socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { auth: json(auth)?.auth, channel } }));
        } else if (message.event === 'pusher_internal:subscription_succeeded') {
          client.subscribedOnce ??= clock();
          await catchUp(); // what was published while away (or before the first subscription took)
          resolve();
        } else if (message.event === 'NotificationSent') {
          const { notification } = JSON.parse(message.data);
          if (!client.received.has(String(notification.id))) client.live += 1;
          client.received.add(String(notification.id));
          lastId = Math.max(lastId, Number(notification.id));
        } else if (message.event === 'pusher:ping') {
          socket.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', (code) => {
        client.closeCodes.push(code);
        resolve();
        if (done) return;
        client.reconnects += 1;
        setTimeout(() => !done && connect(), 200 + Math.random() * 300);
      });
    });
  client.start = async (afterId) => {
    lastId = afterId;
    client.startedAt = clock();
    await connect();
  };
  client.stop = async () => {
    done = true;
    socket?.close();
    await catchUp(); // nothing is left behind: the last ones may still be in flight
  };
  return client;
}

/** Each slot's booked seats and the seats its live orders hold. */
async function seatBalance(db, slots) {
  const { rows } = await db.query(
    `select e.id, e.booked_seats, (select coalesce(sum(o.seats), 0)::int from orders o where o.event_id = e.id
           and o.status in ('awaiting_confirmation', 'awaiting_payment', 'confirmed', 'completed')) as held
         from events e where e.id = any($1)`,
    [slots.map((slot) => slot.eventId)],
  );
  return rows;
}

// ── checks of the data ───────────────────────────────────────────────────────────────────────────────────────────
async function dataChecks(db) {
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
              and o.status in ('awaiting_confirmation', 'awaiting_payment', 'confirmed', 'completed')) > e.capacity`,
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
  return { problems, orders: { answered, keys: orderKeys.size, paid: paid.size } };
}

// ── figures ──────────────────────────────────────────────────────────────────────────────────────────────────────
const p99 = (values) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] * 10) / 10;
};
/** A request belongs to the window it ended in (one in flight when a process died failed with it). */
const endOf = (s) => s.t + s.ms / 1000;
function windowFigures(from, to) {
  const inside = samples.filter((s) => endOf(s) >= from && endOf(s) < to);
  return { requests: inside.length, errors: inside.filter((s) => !s.ok).length, p99Ms: p99(inside.filter((s) => s.ok).map((s) => s.ms)) };
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  execFileSync('haproxy', ['-v'], { stdio: 'ignore' }); // throws when missing: .ci/run installs it
  for (const file of ['shell/dist/index.html', 'shell/dist-server/render.cjs', ...remotes.map((r) => `${r.dir}/dist/remoteEntry.js`)]) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  execFileSync(process.execPath, ['api/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${RUN}`);
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  const db = new pg.Client({ connectionString: databaseUrl });
  const report = { startedAt: new Date().toISOString(), seconds: SECONDS, users: USERS, processes: { api: 2, shell: 2, remotes: remotes.length } };
  let failed = [];
  try {
    // migrations once, not per replica; the seed once
    const once = { ...apiEnv(0), MIGRATE_ON_START: 'true' };
    execFileSync(process.execPath, ['api/dist/cli.js', 'migrate'], { cwd: root, env: { ...process.env, ...once }, stdio: 'inherit' });
    execFileSync(process.execPath, ['api/dist/cli.js', 'seed'], { cwd: root, env: { ...process.env, ...once }, stdio: 'inherit' });
    await db.connect();
    log('database migrated and seeded once');

    for (const remote of remotes) {
      start(remote.dir, process.execPath, ['shell/server/serve.mjs', remote.dir], webEnv(PORTS.shell[0]));
    }
    await Promise.all([startApi(0), startApi(1)]);
    await Promise.all(remotes.map((r) => until(r.dir, answers(`http://127.0.0.1:${PORTS.remote[r.dir]}/remoteEntry.js`))));
    // the balancer first: the shell servers reach the api through it (their /ready asks it)
    const configFile = path.join(mkdtempSync(path.join(tmpdir(), 'topology-')), 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig());
    const haproxy = start('haproxy', 'haproxy', ['-db', '-f', configFile], {});
    await until('haproxy', answers(`${LB}/api/ready`));
    await Promise.all([startShell(0), startShell(1)]);
    await until('haproxy shells', answers(`${LB}/ready`));
    log(`up: HAProxy :${PORTS.lb}, api :${PORTS.api.join(' :')}, shell :${PORTS.shell.join(' :')}, remotes :${Object.values(PORTS.remote).join(' :')}`);

    // bookable slots: the first instant-booking group excursions' next events (their seats run out under the load)
    const list = JSON.parse(await (await fetch(`${LB}/api/excursion/public/excursions?per_page=48`)).text()).data.data;
    const slots = [];
    for (const excursion of list.filter((e) => e.instant_booking && e.format === 'group').slice(0, 3)) {
      const events = JSON.parse(await (await fetch(`${LB}/api/excursion/public/excursions/${excursion.id}/events`)).text()).data;
      for (const event of events.filter((e) => e.bookable > 0).slice(0, 2)) {
        slots.push({ excursionId: excursion.id, eventId: event.id, unit: event.price_units[0].code });
      }
    }
    if (!slots.length) throw new Error('no bookable instant-booking slot in the seed');
    const seatOffsets = new Map((await seatBalance(db, slots)).map((r) => [r.id, r.booked_seats - r.held]));

    // realtime: three clients of the customer's channel, spread over the api processes by the balancer
    const customer = json(
      await retried('sign-in', `${LB}/api/dev/login-as`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '79990000001' }) }),
    ).data;
    const firstId = (await db.query('select coalesce(max(id), 0)::int as id from notifications')).rows[0].id;
    const realtime = [0, 1, 2].map((n) => realtimeClient(n, customer.token, customer.user.id));
    await Promise.all(realtime.map((c) => c.start(firstId)));

    const state = { bothUp: true };
    const loadStarted = clock();
    // a virtual user that throws is a failure of the run, reported with the others (never an unhandled rejection)
    const crashes = [];
    const caught = (promise, name) => promise.catch((error) => crashes.push(`${name}: ${error.message}`));
    const users = Array.from({ length: USERS }, (_, n) => caught(virtualUser(n, slots), `user ${n}`));
    const ryw = caught(readYourWrite(list.slice(0, 6).map((e) => e.id), state), 'read-your-write');

    // faults: SIGKILL of api1 and shell1 at a third of the run, restarted at once
    await sleep((SECONDS * 1000) / 3);
    const killAt = clock();
    state.bothUp = false;
    api[0].kill('SIGKILL');
    shell[0].kill('SIGKILL');
    log('SIGKILL api1 and shell1');
    await Promise.all([exited(api[0]), exited(shell[0])]);
    await Promise.all([startApi(0), startShell(0)]);
    const killReady = clock();
    log(`api1 and shell1 serve again after ${(killReady - killAt).toFixed(1)} s`);
    // the balancer's checks (rise 2 × 300 ms) bring them back
    await sleep(1500);
    state.bothUp = true;
    const killWindowEnd = clock();

    // then SIGTERM of api2: readiness drops, in-flight requests finish, sockets told to reconnect; restarted
    await sleep(Math.max(2000, (SECONDS * 1000) / 6));
    const termAt = clock();
    state.bothUp = false;
    api[1].kill('SIGTERM');
    log('SIGTERM api2');
    await exited(api[1]);
    const termExit = clock();
    const termExitCode = api[1].exitCode;
    const termOutput = (outputs.get('api2') ?? []).filter((line) => line.startsWith('[shutdown]'));
    log(`api2 exited ${(termExit - termAt).toFixed(1)} s after SIGTERM (code ${api[1].exitCode}, signal ${api[1].signalCode})`);
    await startApi(1);
    await sleep(1000);
    state.bothUp = true;
    const termReady = clock();

    const left = loadStarted + SECONDS - clock();
    if (left > 0) await sleep(left * 1000);
    stopping = true;
    await Promise.all(users);
    const readYourWriteResult = (await ryw) ?? { checks: 0, stale: 0, skipped: 0 };
    await sleep(1500); // the last notifications' fan-out
    await Promise.all(realtime.map((c) => c.stop()));
    const published = (await db.query('select id from notifications where user_id = $1 and id > $2 order by id', [customer.user.id, firstId])).rows.map((r) => String(r.id));
    const loadEnded = clock();
    log(`load stopped: ${samples.length} requests`);

    // the lifecycle sweeps of both processes (every second) race for the holds that fall due now: each expires once
    const aged = (
      await db.query(`update orders set payment_due_at = now() - interval '1 second' where id = any($1) and status = 'awaiting_payment' returning id`, [
        [...unpaid],
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
    const seatDrift = (await seatBalance(db, slots)).filter((r) => r.booked_seats - r.held !== seatOffsets.get(r.id));
    log(`sweeps: ${expired} of ${aged.length} aged holds expired`);

    const limitStatuses = await sharedSignInLimit();
    const metricsText = await (await fetch(`http://127.0.0.1:${PORTS.apiMetrics[0]}/metrics`)).text();

    const data = await dataChecks(db);
    const kill = windowFigures(killAt, killWindowEnd);
    const before = windowFigures(loadStarted, killAt);
    const between = windowFigures(killWindowEnd, termAt);
    const term = windowFigures(termAt, termReady);
    const after = windowFigures(termReady, loadEnded);
    // recovery: the first second after the SIGKILL whose successful requests reach 90 % of the rate before it
    const rateBefore = before.requests / Math.max(1, killAt - loadStarted);
    let recoveryS = null;
    for (let t = Math.floor(killAt); t < loadEnded; t++) {
      const ok = samples.filter((s) => s.ok && s.t >= t && s.t < t + 1).length;
      if (ok >= 0.9 * rateBefore && t >= killAt) {
        recoveryS = Math.round((t + 1 - killAt) * 10) / 10;
        break;
      }
    }
    const errorsOutsideKill = samples.filter((s) => !s.ok && (endOf(s) < killAt || endOf(s) >= killWindowEnd));
    const allowed429 = limitStatuses.filter((s) => s === 429).length;
    Object.assign(report, {
      requests: samples.length,
      throughputPerS: Math.round(rateBefore * 10) / 10,
      windows: {
        beforeKill: before,
        sigkill: { ...kill, fromS: Math.round(killAt * 10) / 10, restartedAfterS: Math.round((killReady - killAt) * 10) / 10 },
        betweenFaults: between,
        sigterm: { ...term, exitAfterS: Math.round((termExit - termAt) * 10) / 10, shutdown: termOutput },
        after,
      },
      recoveryS,
      errorsOutsideKillWindow: errorsOutsideKill.length,
      orders: data.orders,
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
      signInLimit: { limit: SIGN_IN_LIMIT, statuses: limitStatuses },
      byKind: Object.fromEntries(
        [...new Set(samples.map((s) => s.kind))].map((kind) => {
          const of = samples.filter((s) => s.kind === kind);
          return [kind, { requests: of.length, errors: of.filter((s) => !s.ok).length, p99Ms: p99(of.filter((s) => s.ok).map((s) => s.ms)) }];
        }),
      ),
    });

    failed = [...crashes, ...data.problems];
    if (errorsOutsideKill.length) {
      const first = errorsOutsideKill.slice(0, 5).map((s) => `${s.kind} ${s.status} ${s.error ?? ''} at ${s.t.toFixed(1)} s`);
      failed.push(`${errorsOutsideKill.length} failed requests outside the SIGKILL window (${first.join('; ')})`);
    }
    if (term.errors) {
      const which = samples.filter((s) => !s.ok && endOf(s) >= termAt && endOf(s) < termReady).slice(0, 5);
      failed.push(`${term.errors} failed requests around the SIGTERM (${which.map((s) => `${s.kind} ${s.status} ${s.error ?? ''} at ${s.t.toFixed(1)} s`).join('; ')})`);
    }
    if (termExitCode !== 0) failed.push(`api2 exited with ${termExitCode} on SIGTERM, not 0`);
    if (readYourWriteResult.checks < 5) failed.push(`only ${readYourWriteResult.checks} read-your-write checks ran`);
    if (readYourWriteResult.stale) failed.push(`${readYourWriteResult.stale} of ${readYourWriteResult.checks} reads on the other process missed the write`);
    const passedLimit = limitStatuses.filter((s) => s < 400).length;
    if (passedLimit !== SIGN_IN_LIMIT || allowed429 !== limitStatuses.length - SIGN_IN_LIMIT) {
      failed.push(`sign-in limit ${SIGN_IN_LIMIT} per IP across two processes: answers ${limitStatuses.join(',')}`);
    }
    for (const c of realtime) {
      const missing = published.filter((id) => !c.received.has(id));
      if (missing.length) failed.push(`realtime client ${c.n} never got ${missing.length} of ${published.length} notifications (${missing.slice(0, 5).join(', ')})`);
    }
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
    haproxy.kill('SIGTERM');
  } finally {
    stopping = true;
    for (const child of [...children]) child.kill('SIGTERM');
    await Promise.all([...children].map(exited));
    await db.end().catch(() => undefined);
    redis.disconnect();
    if (!KEEP) await admin.query(`drop database if exists ${RUN} with (force)`).catch(() => undefined);
    await admin.end();
  }

  report.totalS = Math.round(clock() * 10) / 10;
  const reportFile = path.join(root, 'bench/report.json');
  const previous = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {};
  writeFileSync(reportFile, `${JSON.stringify({ ...previous, topology: report }, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (failed.length) {
    for (const name of ['api1', 'api2']) console.error(`── ${name} (last lines) ──\n${(outputs.get(name) ?? []).slice(-12).join('\n').slice(0, 4000)}`);
    console.error(`\n✗ topology: ${failed.length} problem(s)\n- ${failed.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`\n✓ topology: ${report.requests} requests, ${report.orders.answered} orders, recovery ${report.recoveryS} s, ${report.totalS} s in all`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of [...children]) child.kill('SIGKILL');
    process.exit(130);
  });
}

main().catch(async (error) => {
  console.error(error);
  for (const [name, lines] of outputs) if (lines.length) console.error(`── ${name} ──\n${lines.slice(-15).join('\n')}`);
  for (const child of [...children]) child.kill('SIGKILL');
  process.exit(1);
});
