import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken } from '../support/app';

test('a path with capitals is redirected to lowercase, keeping the query', async ({ page }) => {
  await page.goto('/Excursion/Cities?Sort=Price');
  await expect(page).toHaveURL('/excursion/cities?Sort=Price');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Города/);
});

test('a trailing slash is removed, except on the root', async ({ page }) => {
  await page.goto('/blog/');
  await expect(page).toHaveURL('/blog');
  await page.goto('/');
  await expect(page).toHaveURL('/');
});

test('?token= signs in and replaces the history entry with /account/user', async ({ page }) => {
  const token = await devToken(page.request, CUSTOMER_PHONE);
  await page.goto('/blog');
  await page.goto(`/docs/help?token=${token}`);
  await page.waitForURL('**/account/user');
  await expect(page.getByText('Анна Смирнова').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/blog');
  await page.reload();
  await page.goto('/account/user/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an invalid stored token is treated as no token', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('excursio.token', 'broken.value'));
  await page.goto('/account/user');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a route validation failure is a 404 "Page Not Found: {path}"', async ({ page, request }) => {
  const token = await devToken(request, CUSTOMER_PHONE);
  await page.goto(`/?token=${token}`);
  await page.waitForURL('**/account/user');
  await page.goto('/account/user/not-an-order');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Page Not Found: /account/user/not-an-order')).toBeVisible();
});
