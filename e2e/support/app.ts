import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { port } from './ports';

export const CUSTOMER_PHONE = '79990000001';
export const PARTNER_PHONE = '79990000002';

/** Remote servers by port (shell/server/apps.mjs). */
const remoteByPort: Record<string, string> = {
  [port(3001)]: 'catalog',
  [port(3002)]: 'auth',
  [port(3003)]: 'user-account',
  [port(3004)]: 'partner-account',
  [port(3005)]: 'notifications',
  [port(3006)]: 'backoffice',
};

/** Records which remotes' entries the page fetched. */
export function trackRemotes(page: Page): Set<string> {
  const loaded = new Set<string>();
  page.on('request', (req) => {
    const m = /^http:\/\/localhost:(\d+)\/remoteEntry(?:\.[0-9a-f]{12})?\.js/.exec(req.url());
    const name = m && remoteByPort[m[1]!];
    if (name) loaded.add(name);
  });
  return loaded;
}

/** A token for a seeded account through the development-only endpoint. */
export async function devToken(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/dev/login-as', { data: { phone } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Sign in through the `?token=` address rule, as a link from an e-mail would. */
export async function signInAs(page: Page, phone: string): Promise<void> {
  const token = await devToken(page.request, phone);
  await page.goto(`/?token=${token}`);
  await page.waitForURL(phone === PARTNER_PHONE ? '**/account/partner' : '**/account/user');
}

export function layoutOf(page: Page) {
  return page.locator('[data-layout]').first();
}
