// Issue 27, orders in the back office across two browsers: staff cancel a paid order with a full refund; the customer's
// open order page shows the cancellation and the refund live. Issue 26: the refund went through the outbox, and staff
// find its row in «Очередь сообщений».
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken } from '../support/app';
import { staffApi, staffPage } from '../support/backoffice';
import { demoPartnerSlot, payOrder, placeOrder, signedIn } from '../support/orders';

test('an order refunded by staff: the customer’s order page shows the refund live', async ({ browser }) => {
  test.setTimeout(90_000);
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const staff = await staffPage(browser);
  const token = await devToken(customer.request, CUSTOMER_PHONE);
  const orderId = await placeOrder(customer.request, token, await demoPartnerSlot(customer.request, true, 48));
  await payOrder(customer.request, token, orderId);

  await customer.goto(`/account/user/${orderId}`);
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  const refundRow = customer.locator('dt', { hasText: /^Возврат$/ });
  await expect(refundRow).toHaveCount(0);
  await customer.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // staff find it by its number and read the whole order
  await staff.goto('/backoffice/orders');
  await staff.getByLabel('Номер, телефон, имя, экскурсия или партнёр').fill(String(orderId));
  await staff.getByRole('button', { name: 'Найти' }).click();
  await staff.getByRole('link', { name: `№${orderId}` }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Заказ №${orderId}` })).toBeVisible();
  await expect(staff.getByText('Оплачен', { exact: false }).first()).toBeVisible();

  const cancel = staff.getByRole('form', { name: 'Отменить заказ' });
  await cancel.getByLabel(/Причина/).fill('Гид заболел, замены нет');
  await cancel.getByRole('radio', { name: 'Полный' }).check();
  await cancel.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Заказ отменён, возврат' })).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Возвраты' })).toContainText('Проведён');

  // the customer's page changes by itself
  await expect(refundRow).toBeVisible({ timeout: 10_000 });
  await expect(customer.getByText(/Отмен/).first()).toBeVisible();
  expect(await customer.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // the refund was an outbox row (to the payment at its provider): staff see it delivered in the queue
  const order = await staffApi<{ payments: Array<{ provider: string; external_id: string }> }>(staff.request, 'GET', `/api/staff/orders/${orderId}`);
  const payment = order.payments[0]!;
  await staff.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Очередь сообщений' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Очередь сообщений' })).toBeVisible();
  await staff.getByLabel('Вид', { exact: true }).selectOption({ label: 'Возврат' });
  await staff.getByRole('button', { name: 'Показать', exact: true }).click();
  const refundEntry = staff.getByRole('row').filter({ hasText: `${payment.provider}:${payment.external_id}` });
  // the row is marked sent just after the refund is recorded: «Обновить» until it is
  await expect(async () => {
    await staff.getByRole('button', { name: 'Обновить' }).click();
    await expect(refundEntry).toContainText('Отправлено', { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await expect(refundEntry).toContainText('Возврат');
});
