// api latency with autocannon (50 connections) on the running api (embedded PGlite) and, with DATABASE_URL,
// on a second api process backed by PostgreSQL.
import path from 'node:path';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startChild, waitForUrl } from '../../scripts/lib/proc.mjs';
import { repoRoot } from './mfe.mjs';

/** The three calls, built from seeded data of that api. */
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
  return Object.fromEntries(keys.map((k) => [k, calls[k]]));
}

export function cannon(url, seconds, connections = 50) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10 }, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          url: new URL(url).pathname + new URL(url).search,
          connections,
          seconds,
          requestsPerSec: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
    });
    instance.on('error', reject);
  });
}

export async function measureApi(apiUrl, keys, seconds) {
  const calls = await resolveCalls(apiUrl, keys);
  const out = {};
  for (const [key, p] of Object.entries(calls)) {
    await fetch(`${apiUrl}${p}`); // warm the route
    out[key] = await cannon(`${apiUrl}${p}`, seconds);
  }
  return out;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

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
export async function withPostgresApi(serverUrl, fn) {
  const name = `excursio_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await withApi(url.toString(), fn);
  } finally {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function withApi(databaseUrl, fn) {
  const port = await freePort();
  const child = startChild('api:pg', process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), APP_ENV: process.env.APP_ENV ?? 'development' },
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
