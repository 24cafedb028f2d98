import { expect, test } from '../support/test';

test('an unknown page shows the error page with 404 and both ways out', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Перезагрузить страницу' }).click();
  await reloaded;
  await expect(page).toHaveURL('/no/such/page');
  await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();
  await page.getByRole('link', { name: 'Вернуться на главную' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Экскурсии с местными гидами/);
});

// Issue 24, item 7: a server-rendered error page's two ways out work before its scripts run — here, with none at all.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the rendered 404 page reloads its address and goes home', async ({ page }) => {
    const address = '/excursion/cities/no-such-city/no-such-excursion?from=mail';
    const response = await page.goto(address);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-rendered-by']).toBeTruthy();
    await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();

    const again = page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().endsWith(address));
    await page.getByRole('link', { name: 'Перезагрузить страницу' }).click();
    expect((await again).status()).toBe(404);
    await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();

    await page.getByRole('link', { name: 'Вернуться на главную' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Экскурсии с местными гидами/);
  });
});

test.describe('crawlers', () => {
  test.use({ userAgent: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' });
  test('do not get the error page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Вернуться на главную' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});
