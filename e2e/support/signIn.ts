import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { answerPush, freshPhone, lastOutboxId, waitForOutbox } from './outbox';

/** The sign-in modal, opened from the header on the home page. */
export async function openSignIn(page: Page, path = '/'): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Type a phone (digits with the country code) and ask for a code; the modal then waits for the push. */
export async function requestCode(dialog: Locator, phone: string): Promise<void> {
  await expect(dialog.getByRole('heading', { name: 'Вход или регистрация' })).toBeVisible();
  await dialog.getByLabel('Номер телефона').fill(`+${phone}`);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  await expect(dialog.getByRole('heading', { name: 'Подтвердите вход на телефоне' })).toBeVisible();
}

/** The answer that carries the token (a check after a confirmed push, or a verified code). */
export function waitForToken(page: Page): Promise<Response> {
  return page.waitForResponse(
    async (res) =>
      /\/api\/sso\/auth\/(check|verify)$/.test(res.url()) &&
      res.ok() &&
      ((await res.json().catch(() => null)) as { data?: { token?: string } } | null)?.data?.token !== undefined,
  );
}

export async function tokenFrom(response: Promise<Response>): Promise<string> {
  return ((await (await response).json()) as { data: { token: string } }).data.token;
}

/** Favorites are loaded after a sign-in: wait for that call and return the ids. */
export function waitForFavorites(page: Page): Promise<number[]> {
  return page
    .waitForResponse((res) => res.url().endsWith('/api/excursion/user/favorite/appended') && res.ok())
    .then(async (res) => ((await res.json()) as { data: number[] }).data);
}

/** Type the 4 digits into the PIN boxes (the form sends itself on the 4th). */
export async function enterPin(dialog: Locator, code: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Цифра 1 из 4' }).click();
  await dialog.page().keyboard.type(code, { delay: 30 });
}

/** A new traveller signs in through the open modal (push confirmed via the dev outbox); the modal closes. */
export async function signInNewTravellerIn(dialog: Locator, request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  const since = await lastOutboxId(request, phone);
  await requestCode(dialog, phone);
  await answerPush(request, await waitForOutbox(request, phone, 'push', since), 'confirm');
  await expect(dialog).toBeHidden();
  return phone;
}
