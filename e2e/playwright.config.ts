import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eBrowserPath } from './support/chromium';
import { allowedPortsFlag, SITE, stackOffset, stackPorts } from './support/ports';

// One stack per worker, each with its own ports and its own freshly seeded embedded database: a worker's tests run one
// after another on its stack, as they always did on the one stack, and the workers share out the files. Two on CI
// (E2E_STACKS to change it), one elsewhere (a single spec file needs no second stack).
const STACKS = Number(process.env.E2E_STACKS ?? (process.env.CI ? 2 : 1));

const base: Record<string, string> = {};
// each stack on its own embedded database and in-process realtime: no shared PostgreSQL or Redis (CI sets both for
// the api suite), so two stacks never see each other's events, limits or rows
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL' && k !== 'REDIS_URL') base[k] = v;
// … and so for the servers a test starts itself (the ЮKassa journey's api): this file runs in every worker too, and a
// worker's children inherit its environment. With them, that api ran on CI's shared `test` database and kept its
// order limits in Redis from one run to the next («Слишком много заказов подряд» in the next run).
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
base.APP_ENV = 'development';
// the release command's credential for the stacks' apis (the releases journey runs `npm run release` against them)
process.env.RELEASE_TOKEN ??= 'e2e-release-token-0123456789abcdef0123456789';
base.RELEASE_TOKEN = process.env.RELEASE_TOKEN;
// … and a canary is judged after three error reports (the releases journey injects an error into one)
base.RELEASE_CANARY_MIN_ERRORS ??= '3';
// Render workers per shell server (the stacks' and the extra shells tests start): one per core the stack has to itself.
// The default (one per core, up to two) gave two stacks on two cores four render workers, each warming up on every
// start and new build, for the same pages a test asks one after another.
process.env.SSR_WORKERS ??= String(Math.max(1, Math.floor(availableParallelism() / STACKS)));
base.SSR_WORKERS = process.env.SSR_WORKERS;
// Phone sign-in: the call comes 5 s after an unanswered push and the SMS 8 s after that, so the journeys reach
// every channel in seconds; the per-phone/IP request limits (tested in the api) do not get in their way.
base.SSO_PUSH_TIMEOUT_S ??= '5';
base.SSO_CALL_TIMEOUT_S ??= '8';
base.SSO_SEND_LIMIT_PHONE ??= '100';
base.SSO_PUSH_LIMIT_PHONE ??= '100';
base.SSO_SEND_LIMIT_IP ??= '1000';
// … nor the per-account and per-IP order limits: the demo customer places orders in many journeys of one stack
base.ORDER_CREATE_LIMIT_ACCOUNT ??= '1000';
base.ORDER_CREATE_LIMIT_IP ??= '10000';

/** Stack `index`: its ports, and a new database unless E2E_PGLITE_DIR names one (then a folder per stack in it). */
function stack(index: number) {
  const ports = stackPorts(stackOffset(index));
  // (the workers read this file too, but start no server: only the runner makes the folders)
  const runner = process.env.TEST_WORKER_INDEX === undefined;
  const pgliteDir = process.env.E2E_PGLITE_DIR
    ? path.join(process.env.E2E_PGLITE_DIR, String(index))
    : runner
      ? mkdtempSync(path.join(tmpdir(), 'excursio-e2e-'))
      : '';
  return {
    command: 'node ../scripts/start.mjs --no-install --no-build',
    // ready: the api answers and the shell's first render generation is warm (or rendering was given up)
    url: `http://localhost:${ports.SHELL_PORT}/ready`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { ...base, ...ports, PGLITE_DIR: pgliteDir },
  };
}

// A worker's own processes (the extra shells of the failure tests) proxy to its stack's api.
Object.assign(process.env, stackPorts());

export default defineConfig({
  testDir: './tests',
  // two stacks and two browsers share two cores on CI: a journey's time limit grows with them
  timeout: STACKS > 1 ? 75_000 : 45_000,
  expect: { timeout: 10_000 },
  workers: STACKS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: SITE,
    locale: 'ru-RU',
    // most visitors are on Moscow time; journeys that need another clock set their own
    timezoneId: 'Europe/Moscow',
    // a trace of the retry only: recording every test's trace (screenshots and DOM snapshots of every step) and
    // throwing away the passing ones cost CPU on every test, and CI's two cores are the suite's limit
    trace: 'on-first-retry',
    launchOptions: { executablePath: e2eBrowserPath(), args: [...chromiumArgs, allowedPortsFlag(STACKS)] },
  },
  webServer: Array.from({ length: STACKS }, (_, index) => stack(index)),
});
