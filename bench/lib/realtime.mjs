// Realtime bench: N sockets on private user channels, M notifications published through the api's Pusher HTTP API
// (POST /apps/{id}/events, which calls the same server.publish as the in-process broadcaster), latency from publish
// to receipt, lost events, connect time and the api's memory.
//   node bench/lib/realtime.mjs --sockets 5000 [--events 5000] [--rate 1000] [--redis redis://127.0.0.1:6379]
//   node bench/lib/realtime.mjs --url http://127.0.0.1:8080 --secret … [--app-id excursio] [--key excursio-key] [--pid …]
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, startChild, waitForUrl } from '../../scripts/lib/proc.mjs';
import { openFleet, percentile, publishPaced } from './realtime-fleet.mjs';

export const REALTIME_LIMITS = { p95Ms: 100, lost: 0 };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const round = (n) => (n === null ? null : Math.round(n * 10) / 10);

/** Resident memory of a process in MB (Linux /proc), null when unknown. */
function rssMB(pid) {
  if (!pid) return null;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** The api (src/main.ts) on an in-memory database, its own secret, no per-address cap (every socket is local). */
async function startApi({ redis }) {
  const port = await freePort();
  const credentials = { appId: 'bench', key: 'bench-key', secret: randomBytes(32).toString('hex') };
  const { DATABASE_URL, REDIS_URL, ...env } = process.env;
  const child = startChild('api', process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ENV: 'development',
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      REALTIME_APP_ID: credentials.appId,
      REALTIME_APP_KEY: credentials.key,
      REALTIME_APP_SECRET: credentials.secret,
      REALTIME_MAX_CONNECTIONS_PER_IP: '0',
      ...(redis ? { REDIS_URL: redis } : {}),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/api/health`, 180_000, child);
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
      child.once('exit', () => (clearTimeout(timer), resolve()));
    });
  };
  return { url, pid: child.pid, credentials, stop };
}

/**
 * @param {{ sockets?: number, events?: number, rate?: number, url?: string, appId?: string, key?: string,
 *   secret?: string, pid?: number, redis?: string, log?: (msg: string) => void }} opts
 */
export async function measureRealtime(opts = {}) {
  const sockets = opts.sockets ?? 5000;
  const events = opts.events ?? sockets;
  const rate = opts.rate ?? 1000;
  const log = opts.log ?? (() => undefined);
  const given = { appId: opts.appId ?? 'excursio', key: opts.key ?? 'excursio-key', secret: opts.secret };
  const api = opts.url
    ? { url: opts.url, pid: opts.pid, credentials: given, stop: async () => {} }
    : await startApi({ redis: opts.redis });
  if (!api.credentials.secret) throw new Error('--secret is needed with --url (the REALTIME_APP_SECRET of that api)');
  const { appId, key, secret } = api.credentials;
  const sentAt = new Float64Array(events);
  const latencies = [];
  const seen = new Uint8Array(events);
  let duplicates = 0;
  let misrouted = 0;
  let fleet;
  try {
    const rssIdle = rssMB(api.pid);
    log(`${sockets} sockets → ${api.url.replace('http', 'ws')}/app/${key}`);
    fleet = await openFleet({
      wsUrl: `${api.url.replace('http', 'ws')}/app/${key}?protocol=7&client=js&version=8.6.0`,
      key,
      secret,
      count: sockets,
      onEvent: (i, message, receivedAt) => {
        if (message.event !== 'NotificationSent') return;
        const payload = JSON.parse(message.data);
        const index = payload.id - 1;
        if (index % sockets !== i) misrouted++;
        if (seen[index]) duplicates++;
        else {
          seen[index] = 1;
          latencies.push(receivedAt - payload.sent_at);
        }
      },
    });
    const rssConnected = rssMB(api.pid);
    log(`${events} events at ${rate}/s through POST /apps/${appId}/events`);
    const published = await publishPaced({ apiUrl: api.url, appId, key, secret, sockets, events, rate, sentAt });
    const deadline = Date.now() + 10_000;
    while (latencies.length < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const rssAfter = rssMB(api.pid);
    return {
      sockets,
      events,
      rate: { target: rate, achieved: Math.round((events * 1000) / published.publishMs) },
      publishPath: 'Pusher HTTP API (POST /apps/{id}/events → server.publish)',
      redis: opts.redis ?? null,
      connect: {
        totalMs: fleet.connectMs,
        handshakeP50Ms: round(fleet.handshakeP50Ms),
        handshakeP95Ms: round(fleet.handshakeP95Ms),
      },
      latency: {
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(percentile(latencies, 100)),
      },
      lost: events - latencies.length,
      duplicates,
      misrouted,
      publishErrors: published.errors.length,
      firstPublishError: published.errors[0] ?? null,
      apiRssMB: { idle: rssIdle, connected: rssConnected, afterPublish: rssAfter },
      apiKBPerSocket: rssIdle && rssConnected ? Math.round(((rssConnected - rssIdle) * 1024) / sockets) : null,
      benchRssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
    };
  } finally {
    fleet?.close();
    await api.stop();
  }
}

/** The same shape as bench/lib/report.mjs budgets: { name, limit, value, pass }. */
export function realtimeBudgets(r) {
  const wrong = r.lost + r.duplicates + r.misrouted;
  const p95 = r.latency.p95Ms;
  return [
    { name: `realtime p95 at ${r.sockets} sockets (ms)`, limit: `<= ${REALTIME_LIMITS.p95Ms}`, value: p95, pass: p95 !== null && p95 <= REALTIME_LIMITS.p95Ms },
    { name: 'realtime lost + duplicated events', limit: `= ${REALTIME_LIMITS.lost}`, value: wrong, pass: wrong === REALTIME_LIMITS.lost },
    { name: 'realtime publish errors', limit: '= 0', value: r.publishErrors, pass: r.publishErrors === 0 },
  ];
}

export function realtimeMarkdown(r) {
  const row = (cells) => `| ${cells.map((c) => c ?? '—').join(' | ')} |`;
  const { latency: l, apiRssMB: m } = r;
  const head = ['sockets', 'events', 'rate/s', 'connect s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'lost', 'api RSS MB'];
  return [
    row(head),
    row(head.map(() => '---')),
    row([r.sockets, r.events, r.rate.achieved, (r.connect.totalMs / 1000).toFixed(1), l.p50Ms, l.p95Ms, l.p99Ms, l.maxMs, r.lost, `${m.idle} → ${m.connected} → ${m.afterPublish}`]),
    '',
    row(['budget', 'limit', 'value', 'result']),
    row(['---', '---', '---', '---']),
    ...realtimeBudgets(r).map((b) => row([b.name, b.limit, b.value, b.pass ? 'pass' : '**FAIL**'])),
  ].join('\n');
}

function parseCli(argv) {
  const opts = {};
  const names = {
    '--sockets': 'sockets',
    '--events': 'events',
    '--rate': 'rate',
    '--url': 'url',
    '--app-id': 'appId',
    '--key': 'key',
    '--secret': 'secret',
    '--pid': 'pid',
    '--redis': 'redis',
    '--out': 'out',
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--help' || argv[i] === '-h') opts.help = true;
    else if (names[argv[i]] && argv[i + 1] !== undefined) opts[names[argv[i]]] = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  for (const n of ['sockets', 'events', 'rate', 'pid']) if (opts[n] !== undefined) opts[n] = Number(opts[n]);
  return opts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = parseCli(process.argv.slice(2));
  if (opts.help) {
    console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(0, 5).join('\n'));
    process.exit(0);
  }
  const result = await measureRealtime({ ...opts, log: (m) => console.log(`› ${m}`) });
  if (opts.out) writeFileSync(opts.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${JSON.stringify(result, null, 2)}\n\n${realtimeMarkdown(result)}`);
  process.exit(realtimeBudgets(result).every((b) => b.pass) ? 0 : 1);
}
