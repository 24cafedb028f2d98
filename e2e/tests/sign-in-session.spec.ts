import { expect, test } from '../support/test';
import { CUSTOMER_PHONE } from '../support/app';
import { answerPush, freshPhone, lastOutboxId, waitForOutbox } from '../support/outbox';
import { openSignIn, requestCode, signInNewTravellerIn, tokenFrom, waitForToken } from '../support/signIn';

test('two tabs show the same countdown of one sign-in', async ({ context }) => {
  const phone = freshPhone();
  const first = await context.newPage();
  const firstDialog = await openSignIn(first);
  await requestCode(firstDialog, phone);

  const second = await context.newPage();
  // the second tab resumes the same request (no new code) with the same remaining time
  const requests: string[] = [];
  second.on('request', (req) => {
    if (req.url().endsWith('/api/sso/auth/request')) requests.push(req.url());
  });
  const secondDialog = await openSignIn(second);
  // the push, or already the call that follows it (the stage timeouts are short here)
  await expect(secondDialog.getByRole('heading', { name: /Подтвердите вход на телефоне|Введите последние 4 цифры/ })).toBeVisible();

  const countdownOf = (dialog: typeof firstDialog) => dialog.getByRole('button', { name: /Новый запрос через/ }).locator('time');
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([countdownOf(firstDialog).textContent(), countdownOf(secondDialog).textContent()]);
      return a === b ? a : `${a} ≠ ${b}`;
    })
    .toMatch(/^0[23]:\d\d$/);
  expect(requests).toEqual([]);
});

test('a signed-in session survives a reload; signing out revokes the token and clears what was stored', async ({ page, request }) => {
  const dialog = await openSignIn(page);
  const since = await lastOutboxId(request, CUSTOMER_PHONE);
  await requestCode(dialog, CUSTOMER_PHONE);
  const tokenAnswer = waitForToken(page);
  await answerPush(request, await waitForOutbox(request, CUSTOMER_PHONE, 'push', since), 'confirm');
  const token = await tokenFrom(tokenAnswer);
  const account = page.getByRole('banner').getByRole('button', { name: 'Профиль: Анна Смирнова' });
  await expect(account).toBeVisible();

  await page.reload();
  await expect(account).toBeVisible();
  await account.click();
  await page.getByRole('dialog', { name: 'Профиль' }).getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page).toHaveURL('/account/user');

  await page.getByRole('navigation').getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('excursio.')));
  expect(stored).toEqual([]);
  const profile = await request.get('/api/excursion/partner/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);

  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
});

test('an account page opened signed out opens the sign-in modal and goes to /', async ({ page }) => {
  await page.goto('/account/user/ticket');
  await expect(page).toHaveURL('/');
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await expect(dialog.getByRole('heading', { name: 'Вход или регистрация' })).toBeVisible();
  // focus is in the modal (on the phone field) and Esc closes it
  await expect(dialog.getByLabel('Номер телефона')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('after signing in from an account page, the visitor is taken to the page they asked for', async ({ page, request }) => {
  await page.goto('/account/user/favorite');
  await expect(page).toHaveURL('/');
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await signInNewTravellerIn(dialog, request);
  await expect(page).toHaveURL('/account/user/favorite');
  await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
});

test('an invalid or expired sign-in link says so', async ({ page }) => {
  await page.goto('/?token=no-such-token-1234567890');
  await expect(page.getByText('Ссылка для входа недействительна или устарела', { exact: false })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Вход в Excursio' })).toBeVisible();
});
