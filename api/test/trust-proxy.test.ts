// Whose X-Forwarded-For names the client (TRUST_PROXY): by default nobody's, so no client picks its rate-limit key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const REPORTS_PER_MINUTE = 30;
const report = (app: App, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/monitoring/report',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { user_id: 5, name: 'Анна', phone: '79990000001', page: 'http://localhost:3000/', message: 'Ошибка', request: 'GET /api/x', status: 422 },
  });

/** Sends the per-IP limit's worth of reports, each claiming another address; the status of one more. */
async function statusAfterLimit(app: App, remoteAddress: string, claim: (i: number) => string): Promise<number> {
  for (let i = 0; i < REPORTS_PER_MINUTE; i++) {
    assert.equal((await report(app, remoteAddress, claim(i))).statusCode, 200, `report ${i + 1}`);
  }
  return (await report(app, remoteAddress, claim(REPORTS_PER_MINUTE))).statusCode;
}

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, and reads a comma-separated list of proxy addresses', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ APP_ENV: 'development' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy, '127.0.0.1, 10.0.0.0/8');
  });

  for (const kind of databaseKinds()) {
    describe(`per-IP limits [${kind}]`, () => {
      const ctx = useTestApp(kind, { seed: 'none' });

      it('a loopback client on the api port cannot pick its rate-limit key with X-Forwarded-For', async () => {
        const status = await statusAfterLimit(ctx.app, '127.0.0.1', (i) => `198.51.100.${i + 1}`);
        assert.equal(status, 429, 'every claimed address counted against 127.0.0.1');
      });

      it('believes X-Forwarded-For from the configured proxy only', async () => {
        const { app } = await ctx.variant({ TRUST_PROXY: '127.0.0.1' });
        // through the proxy: each visitor has its own count
        assert.equal(await statusAfterLimit(app, '127.0.0.1', (i) => `203.0.113.${i + 1}`), 200);
        // another machine (or another loopback address) is not the proxy: what it claims is ignored
        assert.equal(await statusAfterLimit(app, '127.0.0.2', (i) => `192.0.2.${i + 1}`), 429);
        assert.equal(await statusAfterLimit(app, '10.1.2.3', (i) => `192.0.2.${i + 100}`), 429);
      });
    });
  }
});
