// Issue 27, support in the back office across two browsers: a customer's ticket answered with an internal note beside
// it; the customer sees the answer and never the note.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken } from '../support/app';
import { staffPage } from '../support/backoffice';
import { auth, signedIn } from '../support/orders';

test('a ticket answered with an internal note beside it: the customer sees only the answer', async ({ browser }) => {
  test.setTimeout(90_000);
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const staff = await staffPage(browser);
  const subject = `Не пришло письмо ${Date.now().toString(36)}`;
  const created = await customer.request.post('/api/excursion/support/tickets', {
    headers: auth(await devToken(customer.request, CUSTOMER_PHONE)),
    data: { subject, text: 'Оплатила экскурсию, а письма с билетом нет.' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const ticketId = ((await created.json()) as { data: { id: number } }).data.id;

  await staff.goto('/backoffice/support?status=open');
  await staff.getByRole('link', { name: subject }).click();
  await expect(staff).toHaveURL(`/backoffice/support/${ticketId}`);
  await staff.getByRole('button', { name: 'Взять себе' }).click();
  await expect(staff.getByRole('button', { name: 'Снять с себя' })).toBeVisible();

  const note = 'Проверила: платёж прошёл, письмо ушло в спам.';
  await staff.getByRole('radio', { name: 'Внутренняя заметка' }).check();
  await staff.getByLabel('Заметка (видят только сотрудники)').fill(note);
  await staff.getByRole('button', { name: 'Сохранить заметку' }).click();
  await expect(staff.locator('.bo-msg--note', { hasText: note })).toContainText('клиент её не видит');

  const answer = 'Письмо с билетом отправлено ещё раз, проверьте папку «Спам». Билет есть и в личном кабинете.';
  await staff.getByRole('radio', { name: 'Ответ автору' }).check();
  await staff.getByLabel('Ответ (автор его увидит)').fill(answer);
  await staff.getByRole('button', { name: 'Отправить ответ' }).click();
  await expect(staff.locator('.bo-msg--staff', { hasText: answer })).toBeVisible();
  await expect(staff.getByText(/^через /)).toBeVisible();

  // the customer is told live and reads the answer; the note is nowhere, on the page or in the api's answer
  await customer.goto('/account/user/support');
  await customer.getByRole('button', { name: /Уведомления/ }).click();
  await customer.getByRole('link', { name: /Поддержка ответила/ }).first().click();
  await expect(customer).toHaveURL(`/account/user/support?ticket=${ticketId}`);
  await expect(customer.getByText(answer)).toBeVisible();
  await expect(customer.getByText(note)).toHaveCount(0);
  const own = await customer.request.get(`/api/excursion/support/tickets/${ticketId}`, { headers: auth(await devToken(customer.request, CUSTOMER_PHONE)) });
  expect(await own.text()).not.toContain(note);
});
