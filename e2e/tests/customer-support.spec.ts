// Issue 13, support for customers: a ticket opened from the order page carries the order; staff answer through the
// api (no staff interface yet); the customer is notified and reads the answer. The same support center as partners'.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, signInAs } from '../support/app';
import { auth, orderForDemoPartner, realtimeReady } from '../support/orders';

const STAFF_PHONE = '79990000003';

test('a customer asks support about an order from its page, staff answer, the customer is told and reads it', async ({ page, request }) => {
  const orderId = await orderForDemoPartner(request, await devToken(request, CUSTOMER_PHONE));
  await signInAs(page, CUSTOMER_PHONE);
  await page.goto(`/account/user/${orderId}`);
  await page.getByRole('link', { name: 'Написать в поддержку' }).click();
  await expect(page).toHaveURL(`/account/user/support?order=${orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Новое обращение' })).toBeVisible();
  await expect(page.getByLabel('Тема')).toHaveValue(`Вопрос по заказу №${orderId}`);
  await expect(page.getByLabel('Заказ (необязательно)')).toHaveValue(String(orderId));
  await page.getByLabel('Сообщение').fill('Гид не отвечает на запрос уже сутки. Что делать?');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Вопрос по заказу №${orderId}` })).toBeVisible();
  await expect(page.getByText(`заказ №${orderId}`, { exact: false })).toBeVisible();
  const ticketId = Number(new URL(page.url()).searchParams.get('ticket'));
  expect(ticketId).toBeGreaterThan(0);

  await page.goto('/account/user/support');
  await realtimeReady(page);
  const staff = await devToken(request, STAFF_PHONE);
  const answer = 'Мы напомнили гиду. Если ответа не будет, заявка закроется сама, деньги не списываются.';
  const answered = await request.post(`/api/staff/support/tickets/${ticketId}/answer`, { headers: auth(staff), data: { text: answer } });
  expect(answered.ok(), await answered.text()).toBeTruthy();

  // the notification arrives live and leads to the ticket
  await page.getByRole('button', { name: /Уведомления/ }).click();
  await page.getByRole('link', { name: /Поддержка ответила/ }).first().click();
  await expect(page).toHaveURL(`/account/user/support?ticket=${ticketId}`);
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText('Есть ответ', { exact: true })).toBeVisible();
});
