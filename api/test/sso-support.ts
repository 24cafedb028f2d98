// Shared by the sso*.test.ts suites: an api on the suite's database with a fake sign-in clock, the dev outbox
// (APP_ENV=development) and the console lines of the dev channel captured.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { useTestApp, withProductionSecret, type TestContext } from './helpers/app';
import type { DatabaseKind } from './helpers/database';

export interface SsoHarness {
  ctx: TestContext;
  /** The development api with the fake clock (generous IP limits unless `env` says otherwise). */
  app: App;
  /** Lines the dev channel printed on the console. */
  printed: string[];
  /** Moves the sign-in clock forward. */
  advance(seconds: number): void;
  /** Another api on the same database and clock with other settings. */
  variant(env: Env): Promise<App>;
  post(path: string, payload: object, on?: App): Promise<LightMyRequestResponse>;
  /** Starts a sign-in (modal route) and returns its auth_req_id. */
  start(phone: string, on?: App): Promise<string>;
  check(authReqId: string, on?: App): Promise<LightMyRequestResponse>;
  verify(authReqId: string, code: string, on?: App): Promise<LightMyRequestResponse>;
  /** The dev outbox of a phone, newest first. */
  outbox(phone: string): Promise<OutboxItem[]>;
  /** The code of the newest call (last 4 digits of the calling number) or SMS of a phone. */
  codeFor(phone: string): Promise<string>;
}

export interface OutboxItem {
  id: number;
  channel: 'push' | 'call' | 'sms';
  phone: string;
  code: string | null;
  calling_number: string | null;
  status: 'sent' | 'confirmed' | 'declined';
  created_at: string;
}

let phoneSeq = 0;
/** A phone no other test uses (a Moscow mobile range; each run of a suite starts over on a fresh database). */
export function freshPhone(): string {
  phoneSeq += 1;
  return `7916${String(phoneSeq).padStart(7, '0')}`;
}

export function useSsoApp(kind: DatabaseKind, env: Env = {}): SsoHarness {
  const ctx = useTestApp(kind);
  const harness = { ctx, printed: [] as string[] } as SsoHarness;
  let now = Date.now();
  const apps: App[] = [];
  const originalLog = console.log;

  const build = async (extra: Env): Promise<App> => {
    const base = loadConfig({
      APP_ENV: 'development',
      SSO_SEND_LIMIT_IP: '100000',
      SSO_CHECK_LIMIT_IP: '100000',
      ...withProductionSecret({ ...env, ...extra }),
    });
    const app = await buildApp({
      config: { ...base, sso: { ...base.sso, now: () => now } },
      db: ctx.db,
      driver: kind,
      logger: false,
    });
    await app.ready();
    apps.push(app);
    return app;
  };

  before(async () => {
    console.log = (...args: unknown[]) => {
      const line = args.map(String).join(' ');
      if (line.startsWith('[outbox]')) harness.printed.push(line);
      else originalLog(...args);
    };
    harness.app = await build({});
  });

  after(async () => {
    console.log = originalLog;
    for (const app of apps) await app.close();
  });

  Object.assign(harness, {
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    variant: build,
    post: (path: string, payload: object, on?: App) =>
      (on ?? harness.app).inject({ method: 'POST', url: path, payload }),
    start: async (phone: string, on?: App) => {
      const response = await harness.post('/api/sso/auth/request', { phone }, on);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data.auth_req_id as string;
    },
    check: (authReqId: string, on?: App) => harness.post('/api/sso/auth/check', { auth_req_id: authReqId }, on),
    verify: (authReqId: string, code: string, on?: App) =>
      harness.post('/api/sso/auth/verify', { auth_req_id: authReqId, code }, on),
    outbox: async (phone: string) => {
      const response = await harness.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as OutboxItem[];
    },
    codeFor: async (phone: string) => {
      const entry = (await harness.outbox(phone)).find((item) => item.channel !== 'push');
      assert.ok(entry?.code, `no call or SMS for ${phone}`);
      return entry.code.slice(-4);
    },
  });
  return harness;
}

/** The JSON body's data of a 200 answer. */
export function dataOf(response: LightMyRequestResponse): Record<string, unknown> & { result?: string } {
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}
