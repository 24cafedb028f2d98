// Read-your-write across api processes (issue 29 §3): two real api processes on one PostgreSQL database and one Redis,
// each keeping signed-in reads in memory; a write through one is seen by a read on the other at once, because the
// write epoch moves in both (published over Redis). Skipped without DATABASE_URL and a Redis that answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { redisProblem, startApiProcess, type ApiProcess } from './helpers/realtime-processes';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER = process.env.DATABASE_URL;
const problem = SERVER ? await redisProblem(REDIS_URL) : 'DATABASE_URL is not set';
const skip = problem ? `two api processes need PostgreSQL and Redis (${problem})` : false;

describe('write epoch shared over Redis', { skip }, () => {
  const name = `excursio_epoch_${randomBytes(4).toString('hex')}`;
  const processes: ApiProcess[] = [];
  let admin: pg.Client;
  const urlOf = (database: string) => {
    const url = new URL(SERVER!);
    url.pathname = `/${database}`;
    return url.href;
  };

  before(async () => {
    admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const env = {
      DATABASE_URL: urlOf(name),
      REDIS_URL,
      REALTIME_APP_ID: `epoch-${name}`,
      APP_ENV: 'development',
      SIGNED_IN_CACHE_TTL_MS: '30000',
      LIFECYCLE_SWEEP_S: '0',
    };
    processes.push(await startApiProcess(env)); // migrates and seeds
    processes.push(await startApiProcess({ ...env, MIGRATE_ON_START: 'false' }));
  });

  after(async () => {
    for (const api of processes) await api.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a write through one process is read at once through the other, whose cache held the old answer', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const login = await fetch(`${b.baseUrl}/api/dev/login-as`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '79990000001' }),
    });
    assert.equal(login.status, 200);
    const { data } = (await login.json()) as { data: { token: string } };
    const headers = { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' };
    const favorites = async (api: ApiProcess) => {
      const response = await fetch(`${api.baseUrl}/api/excursion/user/favorite/appended`, { headers });
      assert.equal(response.status, 200);
      return { how: response.headers.get('x-cache'), body: await response.text() };
    };
    const list = (await (await fetch(`${a.baseUrl}/api/excursion/public/excursions?per_page=3`)).json()) as { data: { data: { id: number }[] } };
    const excursions = list.data.data;
    assert.ok(excursions.length >= 2);
    for (const [i, excursion] of excursions.slice(0, 2).entries()) {
      await favorites(b);
      const cached = await favorites(b);
      assert.equal(cached.how, 'HIT', 'the other process keeps the answer');
      const added = await fetch(`${a.baseUrl}/api/excursion/user/favorite`, { method: 'POST', headers, body: JSON.stringify({ excursion_id: excursion.id }) });
      assert.equal(added.status, 200, `favorite ${i} added through the first process`);
      const after = await favorites(b);
      assert.notEqual(after.how, 'HIT', 'not answered from the stale cache');
      assert.match(after.body, new RegExp(`\\b${excursion.id}\\b`), 'the write is read through the other process at once');
    }
  });
});
