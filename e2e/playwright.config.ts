import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';
import { SITE, stackPorts } from './support/ports';

const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
// Every run starts from a freshly seeded embedded database.
env.PGLITE_DIR = process.env.E2E_PGLITE_DIR ?? mkdtempSync(path.join(tmpdir(), 'excursio-e2e-'));
env.APP_ENV = 'development';
// the stack's ports (E2E_PORT_OFFSET moves them all); the workers' extra shells proxy to this stack's api
Object.assign(env, stackPorts());
Object.assign(process.env, stackPorts());
// Phone sign-in: the call comes 5 s after an unanswered push and the SMS 8 s after that, so the journeys reach
// every channel in seconds; the per-phone/IP request limits (tested in the api) do not get in their way.
env.SSO_PUSH_TIMEOUT_S ??= '5';
env.SSO_CALL_TIMEOUT_S ??= '8';
env.SSO_SEND_LIMIT_PHONE ??= '100';
env.SSO_PUSH_LIMIT_PHONE ??= '100';
env.SSO_SEND_LIMIT_IP ??= '1000';

export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: SITE,
    locale: 'ru-RU',
    // most visitors are on Moscow time; journeys that need another clock set their own
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: existsSync(chromiumPath) ? chromiumPath : undefined, args: chromiumArgs },
  },
  webServer: {
    command: 'node ../scripts/start.mjs --no-install --no-build',
    url: `${SITE}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env,
  },
});
