// Issue 13, the profile: a new traveller names themselves, confirms an e-mail with the code from the letter, and
// deletes the account; the deleted account cannot be signed into (the phone starts a new, empty one).
import { expect, test, type Page } from '../support/test';
import { answerPush, freshPhone, lastOutboxId, waitForOutbox } from '../support/outbox';
import { CAMERA_JPEG } from '../support/photos';
import { openSignIn, requestCode, tokenFrom, waitForToken } from '../support/signIn';

async function signInPhone(page: Page, phone: string): Promise<string> {
  const dialog = await openSignIn(page);
  const since = await lastOutboxId(page.request, phone);
  await requestCode(dialog, phone);
  const token = waitForToken(page);
  await answerPush(page.request, await waitForOutbox(page.request, phone, 'push', since), 'confirm');
  await expect(dialog).toBeHidden();
  return tokenFrom(token);
}

test('a new traveller names themselves, confirms an e-mail, then deletes the account', async ({ page }) => {
  const phone = freshPhone();
  const token = await signInPhone(page, phone);
  await expect(page.getByText('Укажите имя в профиле', { exact: false })).toBeVisible();

  // the dashboard asks for the name; the profile modal takes it
  await page.goto('/account/user');
  await page.getByRole('button', { name: 'Указать имя' }).click();
  const modal = page.getByRole('dialog', { name: 'Профиль' });
  await expect(modal.getByRole('heading', { name: 'Как к вам обращаться?' })).toBeVisible();
  await modal.getByLabel('Ваше имя').fill('Вера Николаевна');
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal.getByRole('heading', { name: 'Вера Николаевна' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Профиль: Вера Николаевна' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Здравствуйте, Вера Николаевна!' })).toBeVisible();

  // a photo: uploaded, cropped square, shown in the header
  await page.goto('/account/user/profile');
  await page.getByLabel('Загрузить фото').setInputFiles(CAMERA_JPEG);
  await expect(page.getByRole('img', { name: 'Ваше фото' })).toHaveAttribute('src', /\/api\/media\/u\/[0-9a-f]{64}\/\d+\.webp$/);
  await expect(page.getByRole('banner').locator('img.sh-header__avatar')).toBeVisible();

  // an e-mail is used once its code comes back
  const email = `vera.${Date.now().toString(36)}@example.ru`;
  await page.getByLabel('Адрес').fill(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText(`Мы отправили код на ${email}`)).toBeVisible();
  const mail = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { data: Array<{ subject: string }> };
  const code = /(\d{6})/.exec(mail.data[0]!.subject)![1]!;
  await page.getByLabel('Код из письма').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Неверный код.')).toBeVisible();
  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('подтверждена', { exact: true })).toBeVisible();

  // a new phone number, confirmed by the push on its SIM before it replaces the old one
  const newPhone = freshPhone();
  const since = await lastOutboxId(page.request, newPhone);
  await page.getByRole('button', { name: 'Изменить номер' }).click();
  await page.getByLabel('Новый номер').fill(`+${newPhone}`);
  await page.getByRole('button', { name: 'Подтвердить номер' }).click();
  await expect(page.getByText('подтвердите его на том телефоне', { exact: false })).toBeVisible();
  await answerPush(page.request, await waitForOutbox(page.request, newPhone, 'push', since), 'confirm');
  await expect(page.getByText('Номер изменён', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Телефон' })).toContainText(newPhone.slice(-2));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Профиль: Вера Николаевна' })).toBeVisible();

  // deleting the account: confirmed, then gone
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await page.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Аккаунт удалён', { exact: false })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  const old = await page.request.get('/api/excursion/user/account', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  expect(old.status()).toBe(401);

  // the account's number signs in again as a new, empty account: the deleted one is out of reach
  await signInPhone(page, newPhone);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Профиль: Путешественник' })).toBeVisible();
  await page.goto('/account/user/profile');
  await expect(page.getByLabel('Адрес')).toHaveValue('');
  await expect(page.getByText(email)).toHaveCount(0);
});
