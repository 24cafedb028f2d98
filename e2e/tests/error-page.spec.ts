import { expect, test } from '../support/test';

test('an unknown page shows the error page with 404 and both buttons', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();
  await page.getByRole('button', { name: 'Перезагрузить страницу' }).click();
  await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();
  await page.getByRole('button', { name: 'Вернуться на главную' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Экскурсии с местными гидами/);
});

test.describe('crawlers', () => {
  test.use({ userAgent: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' });
  test('do not get the error page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Вернуться на главную' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});
