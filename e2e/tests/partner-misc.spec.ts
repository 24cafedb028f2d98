// Issue 12, the partner's reviews, support and profile end to end: the demo partner in the browser, staff through
// the api (no staff interface yet).
import { expect, test, type Page } from '../support/test';
import { devToken, PARTNER_PHONE, signInAs } from '../support/app';

const STAFF_PHONE = '79990000003';
const stamp = () => Date.now().toString(36);

async function partnerPage(page: Page, path: string): Promise<void> {
  await signInAs(page, PARTNER_PHONE);
  await page.goto(path);
}

test('a partner replies to a review and the reply shows under it on the excursion page', async ({ page }) => {
  await partnerPage(page, '/account/partner/reviews');
  const first = page.locator('.pa-reviews__item').first();
  await expect(first).toBeVisible();
  // The newest review: it is also the newest of its excursion, shown on the excursion page.
  await first.getByRole('button', { name: /^(Ответить|Изменить ответ)$/ }).click();
  const field = first.getByRole('textbox');
  await field.fill('Спасибо! Звоните +7 999 123-45-67');
  await first.getByRole('button', { name: 'Опубликовать ответ' }).click();
  await expect(first.getByText(/уберите телефон и e-mail/)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  const reply = `Спасибо за отзыв, ждём вас снова! ${stamp()}`;
  await field.fill(reply);
  await first.getByRole('button', { name: 'Опубликовать ответ' }).click();
  await expect(first.getByText(reply)).toBeVisible();
  await expect(first.getByRole('button', { name: 'Изменить ответ' })).toBeVisible();

  await first.locator('.pa-reviews__excursion a').first().click();
  await expect(page).toHaveURL(/\/excursion\/[^/]+\/[^/]+\/[^/]+$/);
  const shown = page.locator('.cat-review', { hasText: reply });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('Ответ гида', { exact: false })).toBeVisible();
});

test('a partner opens a support ticket, staff answer through the api, the partner sees the answer', async ({ page, request }) => {
  await partnerPage(page, '/account/partner/support');
  await page.getByRole('button', { name: 'Новое обращение' }).click();
  const subject = `Вопрос о выплатах ${stamp()}`;
  await page.getByLabel('Тема').fill(subject);
  await page.getByLabel('Сообщение').fill('Когда приходят деньги за проведённые экскурсии?');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(page.getByText('Ждёт ответа', { exact: true })).toBeVisible();
  const ticketId = Number(new URL(page.url()).searchParams.get('ticket'));
  expect(ticketId).toBeGreaterThan(0);

  const staff = await devToken(request, STAFF_PHONE);
  const headers = { Authorization: `Bearer ${staff}`, Accept: 'application/json' };
  const queue = await request.get('/api/staff/support/tickets', { headers });
  expect(queue.ok()).toBeTruthy();
  expect(((await queue.json()) as { data: { data: { id: number }[] } }).data.data.map((t) => t.id)).toContain(ticketId);
  const answer = 'Деньги за экскурсию вы получаете на месте, предоплата — комиссия сервиса.';
  const answered = await request.post(`/api/staff/support/tickets/${ticketId}/answer`, { headers, data: { text: answer } });
  expect(answered.ok(), await answered.text()).toBeTruthy();

  // The notification arrives live (the bell); the open ticket shows the answer when looked at again.
  await page.reload();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText('Есть ответ', { exact: true })).toBeVisible();
  await expect(page.getByText('Служба поддержки', { exact: true }).first()).toBeVisible();
});

test('the profile saves and the guide page shows the new «about»', async ({ page }) => {
  await partnerPage(page, '/account/partner/profile');
  const about = `Водим авторские прогулки с 2012 года. ${stamp()}`;
  await page.getByLabel('О себе').fill(about);
  await page.getByLabel('ИНН').fill('500100732258');
  await page.getByLabel('ФИО полностью').fill('Орлов Михаил Петрович');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('ИНН с ошибкой: не сходятся контрольные цифры.')).toBeVisible();
  await page.getByLabel('ИНН').fill('500100732259');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();

  await page.getByRole('link', { name: 'открыть страницу' }).click();
  await expect(page).toHaveURL(/\/excursion\/guides\//);
  await expect(page.getByText(about)).toBeVisible();
});
