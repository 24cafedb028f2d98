import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE } from '../support/app';
import { answerPush, codeOf, freshPhone, lastOutboxId, waitForOutbox } from '../support/outbox';
import { enterPin, openSignIn, requestCode, signInNewTravellerIn, waitForFavorites, waitForToken } from '../support/signIn';

// Stage timeouts are small in the e2e stack (playwright.config.ts: SSO_PUSH_TIMEOUT_S, SSO_CALL_TIMEOUT_S),
// so the call and the SMS come within seconds of the request.

test('signs the customer in with a push confirmed on the SIM, favorites loaded', async ({ page, request }) => {
  const dialog = await openSignIn(page);
  const since = await lastOutboxId(request, CUSTOMER_PHONE);
  await requestCode(dialog, CUSTOMER_PHONE);
  await expect(dialog.getByRole('status')).toHaveText('Ждём подтверждения…');
  await expect(dialog.getByText('+7 (999) 000-00-01')).toBeVisible();
  const push = await waitForOutbox(request, CUSTOMER_PHONE, 'push', since);
  const favorites = waitForFavorites(page);
  await answerPush(request, push, 'confirm');

  await expect(page.getByText('Добро пожаловать, Анна Смирнова!')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Профиль: Анна Смирнова' })).toBeVisible();
  expect((await favorites).length).toBeGreaterThan(0);
  // nothing of the sign-in stays stored once it is done
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('excursio.sign-in.')))).toEqual([]);
});

test('signs the customer in with the last 4 digits of the incoming call', async ({ page, request }) => {
  const dialog = await openSignIn(page);
  const since = await lastOutboxId(request, CUSTOMER_PHONE);
  await requestCode(dialog, CUSTOMER_PHONE);
  await expect(dialog.getByRole('heading', { name: 'Введите последние 4 цифры номера' })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: /^Новый запрос через 0[23]:\d\d$/ })).toBeDisabled();
  const call = await waitForOutbox(request, CUSTOMER_PHONE, 'call', since);
  const favorites = waitForFavorites(page);
  await enterPin(dialog, codeOf(call));

  await expect(page.getByText('Добро пожаловать, Анна Смирнова!')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await favorites).length).toBeGreaterThan(0);
});

test('signs the customer in with the SMS code', async ({ page, request }) => {
  const dialog = await openSignIn(page);
  const since = await lastOutboxId(request, CUSTOMER_PHONE);
  await requestCode(dialog, CUSTOMER_PHONE);
  await expect(dialog.getByRole('heading', { name: 'Введите код из SMS' })).toBeVisible({ timeout: 30_000 });
  const sms = await waitForOutbox(request, CUSTOMER_PHONE, 'sms', since);
  const favorites = waitForFavorites(page);
  // a pasted code fills the boxes and is sent
  await dialog.getByRole('textbox', { name: 'Цифра 1 из 4' }).focus();
  await page.evaluate((code) => {
    const data = new DataTransfer();
    data.setData('text/plain', code);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, codeOf(sms));

  await expect(page.getByText('Добро пожаловать, Анна Смирнова!')).toBeVisible();
  expect((await favorites).length).toBeGreaterThan(0);
});

test('a wrong code shows the server message and empties the boxes; the right one then signs in', async ({ page, request }) => {
  const phone = freshPhone();
  const dialog = await openSignIn(page);
  await requestCode(dialog, phone);
  await expect(dialog.getByRole('heading', { name: 'Введите код из SMS' })).toBeVisible({ timeout: 30_000 });
  const sms = await waitForOutbox(request, phone, 'sms', 0);
  const wrong = codeOf(sms) === '0000' ? '1111' : '0000';
  await enterPin(dialog, wrong);

  await expect(dialog.getByRole('alert')).toHaveText('Неверный код');
  for (let i = 1; i <= 4; i++) await expect(dialog.getByRole('textbox', { name: `Цифра ${i} из 4` })).toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Цифра 1 из 4' })).toBeFocused();

  const token = waitForToken(page);
  await enterPin(dialog, codeOf(sms));
  await token;
  // a new phone gets a new customer account
  await expect(page.getByText(/^Добро пожаловать/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Профиль: Путешественник' })).toBeVisible();
});

test('a declined push returns to the phone step with the message, and a new request waits for the countdown', async ({ page, request }) => {
  const phone = freshPhone();
  const dialog = await openSignIn(page);
  await requestCode(dialog, phone);
  const push = await waitForOutbox(request, phone, 'push', 0);
  await answerPush(request, push, 'decline');

  await expect(dialog.getByRole('alert')).toHaveText('Не удалось войти. Попробуйте повторно по истечению времени');
  await expect(dialog.getByRole('heading', { name: 'Вход или регистрация' })).toBeVisible();
  await expect(dialog.getByLabel('Номер телефона')).toHaveValue(/\(999\) 5\d\d-\d\d-\d\d/);
  await expect(dialog.getByRole('button', { name: /^Получить код через 0[23]:\d\d$/ })).toBeDisabled();
});

test('the partner signs in and reaches the partner account', async ({ page, request }) => {
  const dialog = await openSignIn(page);
  const since = await lastOutboxId(request, PARTNER_PHONE);
  await requestCode(dialog, PARTNER_PHONE);
  await answerPush(request, await waitForOutbox(request, PARTNER_PHONE, 'push', since), 'confirm');

  await expect(page.getByText('Добро пожаловать, Михаил Орлов!')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Профиль: Михаил Орлов' }).click();
  await page.getByRole('dialog', { name: 'Профиль' }).getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page).toHaveURL('/account/partner');
  await expect(page.locator('[data-layout="account"]')).toBeVisible();
});

test('a visitor’s page runs without MobX; the sign-in brings one copy, which the notifications share', async ({ page, request }) => {
  // MobX counts its copies on the page (a second one would warn): none until a remote that uses it loads
  const mobxCopies = () => page.evaluate(() => (globalThis as { __mobxInstanceCount?: number }).__mobxInstanceCount ?? 0);
  const header = page.getByRole('banner');
  await page.goto('/');
  await expect(header.getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await mobxCopies()).toBe(0);

  await header.getByRole('button', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await expect(dialog.getByRole('heading', { name: 'Вход или регистрация' })).toBeVisible();
  expect(await mobxCopies()).toBe(1);

  await signInNewTravellerIn(dialog, request);
  await header.getByRole('button', { name: /^Уведомления/ }).click();
  await expect(page.getByRole('dialog', { name: 'Уведомления' })).toBeVisible();
  expect(await mobxCopies()).toBe(1);
});
