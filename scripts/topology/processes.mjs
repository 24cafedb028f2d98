// The processes of `npm run topology` and `bench/topology.mjs` (issue 29): from the production build, on the local
// PostgreSQL and Redis, 2 api processes, 2 shell servers and the six remotes' servers behind HAProxy.
//
//   HAProxy :BASE ── /api/, /app/, /socket/ ──► api × 2 (node api/dist/main.js)        ◄── HAProxy :BASE+1 (the shells' API_URL)
//            └────── everything else ────────► shell server × 2 (SSR) ──► the six remotes' servers
//
// One database `topology_<time>` (created, migrated once with `node api/dist/cli.js migrate`, seeded, dropped at the
// end), a Redis database of its own (flushed at the start), a realtime app id of its own. HAProxy's admin socket tells
// when a server is in or out of rotation, so nothing here waits a fixed time for the balancer.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portVariable, remotes } from '../../shell/server/apps.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireApi = createRequire(path.join(root, 'api/package.json'));
export const pg = requireApi('pg');
export const WebSocket = requireApi('ws');
const { Redis } = requireApi('ioredis');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = performance.now();
/** Seconds since the script started: the time axis of every sample and window. */
export const clock = () => (performance.now() - started) / 1000;
export const log = (message) => console.log(`[topology ${clock().toFixed(1).padStart(5)} s] ${message}`);

/** Polls until `probe` resolves truthy; throws after timeoutMs. */
export async function until(what, probe, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}
const answers = (url) => () => fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok);
export const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));

export const REALTIME_SECRET = 'b'.repeat(64);
export const REALTIME_KEY = 'excursio-key';

/**
 * The topology's settings and processes. `limits` are the api's rate limits (the load's and the assertions' needs);
 * `base` the first port (HAProxy), TOPOLOGY_PORT_BASE by default (20000).
 */
export function createTopology({ base = Number(process.env.TOPOLOGY_PORT_BASE ?? 20000), limits = {}, label = 'topology' } = {}) {
  const PORTS = {
    lb: base,
    lbApi: base + 1,
    api: [base + 80, base + 81],
    apiMetrics: [base + 90, base + 91],
    shell: [base + 100, base + 110],
    remote: Object.fromEntries(remotes.map((r, i) => [r.dir, base + 101 + i])),
  };
  const serverUrl = process.env.TOPOLOGY_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = (() => {
    const url = new URL(process.env.TOPOLOGY_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    url.pathname = `/${Number(process.env.TOPOLOGY_REDIS_DB ?? 15)}`;
    return url.href;
  })();
  const run = `${label}_${Date.now().toString(36)}`;
  const databaseUrl = (() => {
    const url = new URL(serverUrl);
    url.pathname = `/${run}`;
    return url.href;
  })();

  const apiEnv = (i) => ({
    APP_ENV: 'development', // the dev sign-in (/api/dev/login-as) and test payments drive the load; see docs/production.md
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REALTIME_APP_ID: run,
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
    SSO_SEND_LIMIT_IP: '1000',
    ORDER_CREATE_LIMIT_ACCOUNT: '100000',
    ORDER_CREATE_LIMIT_IP: '1000000',
    ORDER_MAX_UNPAID_SEATS: '100000',
    ...limits,
  });
  const webEnv = (shellPort) => ({
    APP_ENV: 'production',
    SHELL_PORT: String(shellPort),
    ...Object.fromEntries(remotes.map((r) => [portVariable(r), String(PORTS.remote[r.dir])])),
    API_URL: `http://127.0.0.1:${PORTS.lbApi}`,
    FRONTEND_ORIGINS: `http://localhost:${PORTS.lb}`,
    SSR_WORKERS: '1',
    REALTIME_APP_KEY: REALTIME_KEY,
    SHUTDOWN_DELAY_MS: '3000', // as the api's: the balancer takes it out before it closes
  });

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

  const stateDir = mkdtempSync(path.join(tmpdir(), 'topology-'));
  const adminSocket = path.join(stateDir, 'haproxy.sock');
  function haproxyConfig() {
    // three failed checks 400 ms apart take a server out (one slow answer on a loaded machine does not); two bring it
    // back, and its share then grows from nothing to even over 2 s (a restarted process's code is not yet optimised)
    const check = 'check inter 400ms fall 3 rise 2 slowstart 2s';
    return `global
  maxconn 4000
  stats socket ${adminSocket} mode 600 level admin
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

  /** One command on HAProxy's admin socket, its answer as text. */
  const haproxyCommand = (command) =>
    new Promise((resolve, reject) => {
      const socket = net.connect(adminSocket);
      let text = '';
      socket.setEncoding('utf8');
      socket.on('connect', () => socket.write(`${command}\n`));
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
  /** The balancer's view of a server (`api1`, `shell2`): UP, DOWN, … (HAProxy's `show stat` status column). */
  async function serverStatus(name) {
    const [header, ...rows] = (await haproxyCommand('show stat')).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const row = rows.map((line) => line.split(',')).find((cells) => cells[columns.indexOf('svname')] === name);
    return row?.[columns.indexOf('status')] ?? null;
  }
  /** Waits until the balancer has `name` in rotation (UP) or out of it (DOWN). */
  const inRotation = (name, up = true, timeoutMs = 60_000) =>
    until(`${name} ${up ? 'in' : 'out of'} the balancer's rotation`, async () => (await serverStatus(name))?.startsWith(up ? 'UP' : 'DOWN'), timeoutMs);

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

  let admin = null;
  let redis = null;
  let db = null;
  const LB = `http://127.0.0.1:${PORTS.lb}`;

  /** Builds the api, creates, migrates (once, not per replica) and seeds the database, flushes Redis. */
  async function prepare() {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' }); // throws when missing: .ci/run installs it
    for (const file of ['shell/dist/index.html', 'shell/dist-server/render.cjs', ...remotes.map((r) => `${r.dir}/dist/remoteEntry.js`)]) {
      if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
    }
    execFileSync(process.execPath, ['api/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${run}`);
    redis = new Redis(redisUrl);
    await redis.flushdb();
    const once = { ...process.env, ...apiEnv(0), MIGRATE_ON_START: 'true' };
    execFileSync(process.execPath, ['api/dist/cli.js', 'migrate'], { cwd: root, env: once, stdio: 'inherit' });
    execFileSync(process.execPath, ['api/dist/cli.js', 'seed'], { cwd: root, env: once, stdio: 'inherit' });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    log('database migrated and seeded once');
    return db;
  }

  /** Every process, the balancer first in front of the apis (the shell servers reach the api through it). */
  async function up() {
    for (const remote of remotes) start(remote.dir, process.execPath, ['shell/server/serve.mjs', remote.dir], webEnv(PORTS.shell[0]));
    await Promise.all([startApi(0), startApi(1)]);
    await Promise.all(remotes.map((r) => until(r.dir, answers(`http://127.0.0.1:${PORTS.remote[r.dir]}/remoteEntry.js`))));
    const configFile = path.join(stateDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig());
    start('haproxy', 'haproxy', ['-db', '-f', configFile], {});
    await until('haproxy', answers(`${LB}/api/ready`));
    await Promise.all([startShell(0), startShell(1)]);
    await Promise.all(['api1', 'api2', 'shell1', 'shell2'].map((name) => inRotation(name)));
    log(`up: HAProxy :${PORTS.lb}, api :${PORTS.api.join(' :')}, shell :${PORTS.shell.join(' :')}, remotes :${Object.values(PORTS.remote).join(' :')}`);
  }

  /** Stops every process (at once: what was to be checked is checked) and, unless kept, drops the database. */
  async function down({ keep = false } = {}) {
    for (const child of [...children]) child.kill('SIGKILL');
    await Promise.all([...children].map(exited));
    await db?.end().catch(() => undefined);
    redis?.disconnect();
    if (admin) {
      if (!keep) await admin.query(`drop database if exists ${run} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    rmSync(stateDir, { recursive: true, force: true });
  }
  const killAll = () => {
    for (const child of [...children]) child.kill('SIGKILL');
  };

  return { PORTS, LB, run, api, shell, outputs, apiEnv, prepare, up, down, killAll, startApi, startShell, serverStatus, inRotation };
}
