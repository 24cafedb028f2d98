import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken } from '../support/app';
import { serveApp, stop } from '../support/extraStack';
import { local, port } from '../support/ports';

// A second shell (:3100) whose user-account remote is its own server (:3103) that the test really stops,
// and whose catalog manifest URL points at something that is not a manifest.
const SHELL = local(3100);
let shell: ChildProcess;
let userAccount: ChildProcess;

test.beforeAll(async () => {
  userAccount = await serveApp('mfe-user-account', { MFE_USER_ACCOUNT_PORT: String(port(3103)) });
  shell = await serveApp('shell', {
    SHELL_PORT: String(port(3100)),
    REMOTE_USER_ACCOUNT_URL: `${local(3103)}/remoteEntry.js`,
  });
});

test.afterAll(async () => {
  await stop(shell);
  await stop(userAccount);
});

test('a stopped remote takes down only its own area, with a Russian fallback and a retry', async ({ page }) => {
  const token = await devToken(page.request, CUSTOMER_PHONE);
  await page.goto(`${SHELL}/?token=${token}`);
  await page.waitForURL('**/account/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await stop(userAccount);
  await page.goto(`${SHELL}/account/user/ticket`);
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
  // the header and footer of the shell are still there
  await expect(page.getByRole('link', { name: 'Помощь' })).toBeVisible();

  // other areas keep working
  await page.goto(`${SHELL}/excursion/cities`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Города/);
  await page.goto(`${SHELL}/account/user/notification`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Уведомления/);

  // the remote comes back: the retry button brings the area back
  await page.goto(`${SHELL}/account/user/ticket`);
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  userAccount = await serveApp('mfe-user-account', { MFE_USER_ACCOUNT_PORT: String(port(3103)) });
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Билеты/);
});

test.describe('a broken manifest', () => {
  let brokenShell: ChildProcess;
  test.beforeAll(async () => {
    brokenShell = await serveApp('shell', {
      SHELL_PORT: String(port(3101)),
      REMOTE_CATALOG_URL: `${local(3101)}/config.json`,
    });
  });
  test.afterAll(async () => stop(brokenShell));

  test('breaks only the catalog area', async ({ page }) => {
    await page.goto(`${local(3101)}/excursion/cities`);
    await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
    const token = await devToken(page.request, CUSTOMER_PHONE);
    await page.goto(`${local(3101)}/account/user/profile?token=${token}`);
    await page.waitForURL('**/account/user');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);
  });
});

test('a remote built against a newer shared package than the shell provides is reported, and its area still works', async ({ page }) => {
  const reports: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/api/monitoring/report', async (route) => {
    reports.push(route.request().postData() ?? '');
    await route.continue();
  });
  // the catalog's entry as if it had been built against the next minor of @excursio/shared
  const provided = (JSON.parse(readFileSync(path.join(__dirname, '../../shared/package.json'), 'utf8')) as { version: string }).version;
  const [major, minor] = provided.split('.').map(Number) as [number, number];
  const newer = `^${major}.${minor + 1}.0`;
  await page.route(new RegExp(`:${port(3001)}/remoteEntry(\\.[0-9a-f]{12})?\\.js`), async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replaceAll(`requiredVersion:"^${provided}"`, `requiredVersion:"${newer}"`);
    await route.fulfill({ response, body });
  });
  await page.goto('/excursion/cities');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Города/);
  const expected = `mfe_catalog needs @excursio/shared ${newer}, but the page provides ${provided}`;
  await expect.poll(() => errors.join('\n')).toContain(expected);
  await expect.poll(() => reports.join('\n')).toContain(expected);
});
