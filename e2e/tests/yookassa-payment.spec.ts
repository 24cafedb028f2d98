// Issue 26: the real providers' adapters in a browser. This spec starts its own api — PAYMENT_PROVIDER=yookassa and
// SSO_CHANNEL=smsru, pointed at local servers speaking ЮKassa's API v3 and SMS.ru's API (api/test/fakes/) — on a
// fresh embedded database, and a shell that proxies to it; the remotes are the worker's stack's.
// 1. The customer pays on the «ЮKassa» page, ЮKassa's notification comes from one of its addresses (X-Forwarded-For
//    through a trusted proxy), the api re-reads the payment, and the order page shows it paid with «Чек отправлен на …».
// 2. A traveller signs in by the flash call's code: no push provider, so the modal starts at the call.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeSmsRu, type FakeSmsRu } from '../../api/test/fakes/smsru';
import { startFakeYookassa, type FakeYookassa } from '../../api/test/fakes/yookassa';
import { expect, request as playwrightRequest, test } from '../support/test';
import { CUSTOMER_PHONE } from '../support/app';
import { freshPhone } from '../support/outbox';
import { enterPin, openSignIn, waitForToken } from '../support/signIn';
import { serveApp, stop } from '../support/extraStack';
import { demoPartnerSlot, placeOrder } from '../support/orders';
import { local, port } from '../support/ports';

const repo = path.resolve(__dirname, '../..');
const SHOP = { shopId: '654321', secretKey: 'test_e2e_secret' };
const SHELL = local(3300);
const API_PORT = port(3302);
const SMSRU_API_ID = 'E2E00000-1111-2222-3333-444455556666';

let fake: FakeYookassa;
let smsru: FakeSmsRu;
let api: ChildProcess | undefined;
let shell: ChildProcess | undefined;
let dataDir: string;

async function waitFor(url: string, withinMs: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    if ((await fetch(url).then((r) => r.status, () => 0)) === 200) return;
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`${url} did not answer within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fake = await startFakeYookassa({ ...SHOP, port: port(3301), host: '127.0.0.1' });
  // ЮKassa's notifications reach the api from one of its addresses, as a TLS proxy in front of it reports them
  fake.webhook = { url: `http://127.0.0.1:${API_PORT}/api/payments/yookassa/notifications`, forwardedFor: '185.71.76.10' };
  smsru = await startFakeSmsRu({ apiId: SMSRU_API_ID, port: port(3303) });
  dataDir = mkdtempSync(path.join(tmpdir(), 'excursio-e2e-yookassa-'));
  api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repo, 'api'),
    env: {
      ...process.env,
      APP_ENV: 'development',
      PORT: String(API_PORT),
      PGLITE_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      FRONTEND_ORIGINS: SHELL,
      LOG_LEVEL: 'warn',
      LIFECYCLE_SWEEP_S: '2',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: SHOP.shopId,
      YOOKASSA_SECRET_KEY: SHOP.secretKey,
      YOOKASSA_API_URL: `${fake.url}/v3`,
      PUBLIC_URL: SHELL,
      SSO_CHANNEL: 'smsru',
      SMSRU_API_ID,
      SMSRU_API_URL: smsru.url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${API_PORT}/api/health`, 240_000, api);
  shell = await serveApp('shell', { SHELL_PORT: String(port(3300)), API_PORT: String(API_PORT), FRONTEND_ORIGINS: SHELL });
});

test.afterAll(async () => {
  if (shell) await stop(shell);
  if (api) await stop(api);
  await fake?.close();
  await smsru?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('an order paid through ЮKassa: its page, the notification, the order paid with its receipt shown', async ({ page }) => {
  test.setTimeout(120_000);
  const request = await playwrightRequest.newContext({ baseURL: SHELL });
  const login = await request.post('/api/dev/login-as', { data: { phone: CUSTOMER_PHONE } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const orderId = await placeOrder(request, token, await demoPartnerSlot(request, true));

  await page.goto(`${SHELL}/?token=${token}`);
  await page.waitForURL('**/account/user');
  await page.goto(`${SHELL}/account/user/${orderId}`);
  await page.getByRole('button', { name: /Оплатить предоплату/ }).click();

  // ЮKassa's page (the local server), then back to the order
  await page.waitForURL(`${fake.url}/checkout/**`);
  const payment = [...fake.payments.values()].find((p) => p.metadata?.order_id === String(orderId))!;
  expect(payment.receipt?.customer).toEqual({ phone: '79990000001' });
  expect(payment.confirmation.return_url).toBe(`${SHELL}/account/user/${orderId}`);
  await page.getByRole('button', { name: 'Заплатить' }).click();
  await page.waitForURL(`${SHELL}/account/user/${orderId}`);

  await expect(page.getByText('Чек отправлен на +7 999 000-00-01')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Предоплата внесена')).toBeVisible();
  // the notification was accepted from ЮKassa's address and settled by re-reading the payment
  expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v3/payments/${payment.id}`)).toBeTruthy();
  await request.dispose();
});

test('a traveller signs in by the code of SMS.ru\'s flash call (no push provider: the modal starts at the call)', async ({ page }) => {
  test.setTimeout(60_000);
  const phone = freshPhone();
  const dialog = await openSignIn(page, `${SHELL}/`);
  await dialog.getByLabel('Номер телефона').fill(`+${phone}`);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  await expect(dialog.getByRole('heading', { name: 'Введите последние 4 цифры номера' })).toBeVisible();
  const call = smsru.calls.find((c) => c.phone === phone);
  expect(call, 'SMS.ru was asked to call').toBeTruthy();
  const token = waitForToken(page);
  await enterPin(dialog, call!.code);
  await token;
  await expect(dialog).toBeHidden();
  expect(smsru.requests.every((r) => r.apiIdIn === 'form')).toBeTruthy();
});
