// api latency with autocannon (50 connections) on the running api (embedded PGlite) and, with DATABASE_URL,
// on a second api process backed by PostgreSQL.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startChild, waitForUrl } from '../../scripts/lib/proc.mjs';
import { repoRoot } from './mfe.mjs';

/** Signed-in calls (issue 16): the demo customer's profile, orders and favorites, with a bearer token. */
export const SIGNED_IN = {
  profile: '/api/excursion/partner/profile',
  orders: '/api/excursion/user/order',
  favorites: '/api/excursion/user/favorite',
};
const DEMO_CUSTOMER = '79990000001';

/** The partner's orders list (its first page, as the page asks) and dashboard calls, with the demo partner's token. */
export const PARTNER_DASHBOARD = {
  'partner-orders': '/api/excursion/partner/orders?page=1',
  'partner-requests': '/api/excursion/partner/orders?status=awaiting_confirmation&per_page=5',
  'partner-soon': '/api/excursion/partner/orders?per_page=20',
  'partner-unread': '/api/excursion/chat/unread',
  'partner-reviews': '/api/excursion/partner/reviews?per_page=3',
  'partner-month': '/api/excursion/partner/statistics?period=this_month',
};
const DEMO_PARTNER = '79990000002';

/** The back office's moderation queue (issue 27), with the demo staff account's token. */
export const STAFF_CALLS = {
  'moderation-queue': '/api/staff/moderation',
};
const DEMO_STAFF = '79990000003';

/**
 * A bearer token of the demo customer: BENCH_TOKEN, or one from the development api's /api/dev/login-as (the bench's
 * own stack runs APP_ENV=development).
 */
export async function signInToken(apiUrl, phone = DEMO_CUSTOMER) {
  if (process.env.BENCH_TOKEN && phone === DEMO_CUSTOMER) return process.env.BENCH_TOKEN;
  const res = await fetch(`${apiUrl}/api/dev/login-as`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`signed-in calls need a token: POST /api/dev/login-as answered ${res.status} (set BENCH_TOKEN)`);
  return (await res.json()).data.token;
}

/** The calls, built from seeded data of that api; signed-in ones carry the demo customer's token. */
export async function resolveCalls(apiUrl, keys) {
  const get = async (p) => {
    const res = await fetch(`${apiUrl}${p}`, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return (await res.json()).data;
  };
  const ex = (await get('/api/excursion/public/excursions?per_page=1')).data[0];
  const calls = {
    cities: '/api/excursion/public/excursion/cities',
    list: `/api/excursion/public/excursions?city=${encodeURIComponent(ex.city.slug)}&sort=price_asc&per_page=24`,
    detail: `/api/excursion/public/excursion/${ex.region.slug}/${ex.city.slug}/${ex.slug}`,
  };
  const token = keys.some((k) => k in SIGNED_IN) ? await signInToken(apiUrl) : null;
  const partner = keys.some((k) => k in PARTNER_DASHBOARD) ? await signInToken(apiUrl, DEMO_PARTNER) : null;
  const staff = keys.some((k) => k in STAFF_CALLS) ? await signInToken(apiUrl, DEMO_STAFF) : null;
  return Object.fromEntries(
    keys.map((k) => [
      k,
      k in SIGNED_IN
        ? { path: SIGNED_IN[k], headers: { authorization: `Bearer ${token}` } }
        : k in PARTNER_DASHBOARD
          ? { path: PARTNER_DASHBOARD[k], headers: { authorization: `Bearer ${partner}` } }
          : k in STAFF_CALLS
            ? { path: STAFF_CALLS[k], headers: { authorization: `Bearer ${staff}` } }
            : { path: calls[k] },
    ]),
  );
}

/** An autocannon result's figures, as every api measure of the report gives them. */
export function loadFigures(result) {
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function cannon(url, seconds, connections = 50, headers = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers }, (error, result) => {
      if (error) reject(error);
      else
        resolve({ url: new URL(url).pathname + new URL(url).search, signedIn: Boolean(headers.authorization), connections, seconds, ...loadFigures(result) });
    });
    instance.on('error', reject);
  });
}

export async function measureApi(apiUrl, keys, seconds) {
  const calls = await resolveCalls(apiUrl, keys);
  const out = {};
  for (const [key, { path: p, headers = {} }] of Object.entries(calls)) {
    const warm = await fetch(`${apiUrl}${p}`, { headers }); // warm the route
    if (!warm.ok) throw new Error(`GET ${p}: ${warm.status}`);
    out[key] = await cannon(`${apiUrl}${p}`, seconds, 50, headers);
  }
  return out;
}

async function adminQuery(serverUrl, text) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A second api on PostgreSQL, on a throwaway `excursio_bench_<random>` database of the DATABASE_URL server (the api
 * migrates and seeds it on start, nothing else on that server is touched); stopped and dropped when done.
 */
export async function withPostgresApi(serverUrl, fn, env = {}) {
  const name = `excursio_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await withApi(url.toString(), fn, env);
  } finally {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function withApi(databaseUrl, fn, env = {}) {
  const port = await freePort();
  const child = startChild('api:pg', process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), APP_ENV: process.env.APP_ENV ?? 'development', ...env },
  });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, 180_000, child);
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => (child.kill('SIGKILL'), r()), 10_000);
        child.once('exit', () => (clearTimeout(t), r()));
      });
    }
  }
}
