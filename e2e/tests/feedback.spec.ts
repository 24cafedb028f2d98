import { expect, test } from '../support/test';
import { port } from '../support/ports';

test('the loading bar shows while a slow page loads, then hides', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Экскурсии с местными гидами/);
  const bar = page.getByTestId('loading-bar');
  await expect(bar).toBeHidden();
  // the docs page is a lazy chunk of the catalog remote: slow it down past the 200 ms throttle
  await page.route(new RegExp(`localhost:${port(3001)}/.*\\.js$`), async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Помощь', exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Помощь/);
  await expect(bar).toBeHidden();
});

test('an error from the server shows a red toast that closes by its button', async ({ page }) => {
  await page.route('**/api/sso/auth/request', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Слишком много попыток. Попробуйте позже.', errors: { expiry_seconds: 60 } }) }),
  );
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('9990000001');
  await page.getByRole('button', { name: 'Получить код' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Слишком много попыток' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveClass(/error/);
  await toast.getByRole('button', { name: /закрыть/i }).click();
  await expect(toast).toBeHidden();
});
