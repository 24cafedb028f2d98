// The back office's first view in Chromium (cold cache): the demo staff account signs in by the `?token=` address rule
// and lands on /backoffice (its dashboard); what JavaScript that took, all of it and the back-office remote's part.
// A public page must carry none of the back office: the home page's requests are checked too.
import { apps, portOf } from '../../shell/server/apps.mjs';
import { launchBrowser } from './browser.mjs';
import { kb } from './gzip.mjs';

export const STAFF_PHONE = '79990000003';

const remote = apps.find((a) => a.dir === 'mfe-backoffice');

/** A staff token from the development-only endpoint (the bench's stack runs the api in development mode). */
async function staffToken(shellUrl) {
  const res = await fetch(`${shellUrl}/api/dev/login-as`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ phone: STAFF_PHONE }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`dev login-as: ${res.status} (the api must run with APP_ENV=development)`);
  return (await res.json()).data.token;
}

async function load(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const rows = [];
  const pending = [];
  page.on('requestfinished', (request) =>
    pending.push(
      request
        .sizes()
        .then((s) => rows.push({ url: request.url(), type: request.resourceType(), bytes: Math.max(0, s.responseBodySize) + Math.max(0, s.responseHeadersSize) }))
        .catch(() => undefined),
    ),
  );
  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  const loadMs = Date.now() - started;
  await Promise.allSettled(pending);
  await context.close();
  return { rows, loadMs };
}

export async function measureBackoffice(shellUrl, env = process.env) {
  const origin = `:${portOf(remote, env)}`;
  const fromRemote = (row) => new URL(row.url).port === origin.slice(1);
  const token = await staffToken(shellUrl);
  const browser = await launchBrowser();
  try {
    const staff = await load(browser, `${shellUrl}/?token=${token}`, async (page) => {
      await page.waitForURL('**/backoffice', { timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
      await page.getByRole('heading', { name: 'Сегодня' }).waitFor();
    });
    const home = await load(browser, `${shellUrl}/`, async (page) => {
      await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 15_000 }).catch(() => {});
    });
    const js = staff.rows.filter((r) => r.type === 'script');
    const own = js.filter(fromRemote);
    return {
      path: '/backoffice',
      jsKB: kb(js.reduce((a, r) => a + r.bytes, 0)),
      jsRequests: js.length,
      remoteJsKB: kb(own.reduce((a, r) => a + r.bytes, 0)),
      remoteJsRequests: own.length,
      remoteJsFiles: own.map((r) => ({ file: new URL(r.url).pathname, kb: kb(r.bytes) })).sort((a, b) => b.kb - a.kb),
      loadMs: staff.loadMs,
      /** Requests a visitor's home page made to the back office's origin: always 0. */
      publicPageRequests: home.rows.filter(fromRemote).length,
    };
  } finally {
    await browser.close();
  }
}
