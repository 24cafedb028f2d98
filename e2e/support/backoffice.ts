// The back office (issue 27): the seeded staff and admin accounts, a staff page signed in, and the staff api.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { devToken } from './app';
import { auth, realtimeReady } from './orders';

export const STAFF_PHONE = '79990000003';
export const ADMIN_PHONE = '79990000004';

/**
 * A page in a browser context of its own, signed in as a staff account through the `?token=` address rule (a staff
 * account's account area is the back office), once its realtime socket is subscribed.
 */
export async function staffPage(browser: Browser, phone: string = STAFF_PHONE): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const ready = realtimeReady(page);
  const token = await devToken(page.request, phone);
  await page.goto(`/?token=${token}`);
  await page.waitForURL('**/backoffice');
  await expect(page.getByRole('navigation', { name: 'Разделы бэк-офиса' })).toBeVisible();
  await ready;
  return page;
}

/** A staff call through the api (setup: templates, lookups). */
export async function staffApi<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown, phone = STAFF_PHONE): Promise<T> {
  const token = await devToken(request, phone);
  const res = await request.fetch(path, { method, headers: auth(token), data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** A moderation template with this title (made once per stack). */
export async function moderationTemplate(request: APIRequestContext, title: string, text: string): Promise<number> {
  const list = await staffApi<Array<{ id: number; title: string }>>(request, 'GET', '/api/staff/moderation/templates');
  return list.find((t) => t.title === title)?.id ?? (await staffApi<{ id: number }>(request, 'POST', '/api/staff/moderation/templates', { title, text })).id;
}
