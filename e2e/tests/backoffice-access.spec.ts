// Issue 27: the back office is the staff's alone. Anyone else gets the site's 404 page on every /backoffice address,
// with no trace of the area: no link to it, no hint in the page's head, its remote never fetched.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, signInAs, trackRemotes } from '../support/app';
import { staffPage } from '../support/backoffice';

const ADDRESSES = ['/backoffice', '/backoffice/moderation', '/backoffice/orders/1', '/backoffice/no-such-page'];

for (const who of ['visitor', 'customer', 'partner'] as const) {
  test(`a ${who} gets the 404 page on every back-office address and never loads the back office`, async ({ page }) => {
    const remotes = trackRemotes(page);
    const fetched: string[] = [];
    page.on('request', (req) => fetched.push(req.url()));
    if (who !== 'visitor') await signInAs(page, who === 'customer' ? CUSTOMER_PHONE : PARTNER_PHONE);
    for (const address of ADDRESSES) {
      const response = await page.goto(address);
      const head = (await response?.text()) ?? '';
      expect(head, 'no preload of the back office in the page').not.toMatch(/localhost:\d+06\/|backoffice\.[0-9a-f]+\.js/);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Разделы бэк-офиса' })).toHaveCount(0);
      // (the 404 page's own «reload» link points at the address asked for, as on any unknown address)
      await expect(page.locator('a[href^="/backoffice"]').filter({ hasNotText: 'Перезагрузить страницу' })).toHaveCount(0);
    }
    expect(remotes.has('backoffice')).toBe(false);
    expect(fetched.filter((url) => /\/api\/staff\//.test(url))).toEqual([]);
  });
}

test('staff open the back office in its own layout; signing out there leaves a 404 behind', async ({ browser }) => {
  const page = await staffPage(browser);
  const remotes = trackRemotes(page);
  await page.goto('/backoffice/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Модерация' })).toBeVisible();
  await expect(page.locator('[data-layout="backoffice"]')).toBeVisible();
  expect(remotes.has('backoffice')).toBe(true);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/backoffice');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
});
