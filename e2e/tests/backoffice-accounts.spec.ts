// Issue 27, accounts in the back office across two browsers: an admin blocks an account; its open page loses the
// session at once, and signing in again is refused.
import { expect, test } from '../support/test';
import { ADMIN_PHONE, staffPage } from '../support/backoffice';
import { realtimeReady } from '../support/orders';
import { openSignIn, signInNewTravellerIn } from '../support/signIn';

test('an account blocked by an admin: its open page loses its session', async ({ browser }) => {
  test.setTimeout(90_000);
  // a new traveller (the demo accounts stay usable for the other journeys), signed in through the phone modal
  const victim = await (await browser.newContext()).newPage();
  const ready = realtimeReady(victim);
  const phone = await signInNewTravellerIn(await openSignIn(victim), victim.request);
  await ready;
  await expect(victim.getByRole('button', { name: /^Профиль/ })).toBeVisible();

  const admin = await staffPage(browser, ADMIN_PHONE);
  await admin.goto(`/backoffice/accounts?q=${phone}`);
  await admin.locator('table a').first().click();
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(admin.getByText(`-${phone.slice(-4, -2)}-${phone.slice(-2)}`).first()).toBeVisible();
  const block = admin.getByRole('form', { name: 'Заблокировать' });
  await block.getByLabel('Причина').fill('Мошеннические заказы');
  await block.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Аккаунт заблокирован' })).toBeVisible();
  await expect(admin.getByRole('form', { name: 'Разблокировать' })).toBeVisible();

  // the open page: signed out without a reload
  await expect(victim.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible({ timeout: 10_000 });
  await expect(victim.getByRole('button', { name: /^Профиль/ })).toHaveCount(0);
});
