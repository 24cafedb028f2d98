// Issue 24, item 4: every list that shows an order's status follows it live — the customer's «Билеты» list changes
// when the guide declines a request in another browser, with no reload.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE } from '../support/app';
import { declinePendingRequests, orderForDemoPartner, signedIn } from '../support/orders';

test('the customer’s tickets list shows the guide’s decline live, without a reload', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  await declinePendingRequests(partner.request, await devToken(partner.request, PARTNER_PHONE));
  const orderId = await orderForDemoPartner(customer.request, await devToken(customer.request, CUSTOMER_PHONE));

  await customer.goto('/account/user/ticket');
  const row = customer.getByRole('link', { name: new RegExp(`заказ №${orderId}\\b`) });
  await expect(row).toContainText('Ожидает подтверждения гидом');
  // the page is not reloaded: a marker on the window survives only if no navigation happens
  await customer.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await partner.goto(`/account/partner/order/${orderId}`);
  await partner.getByRole('button', { name: 'Отклонить' }).click();
  const form = partner.getByRole('form', { name: 'Почему вы отклоняете заказ?' });
  await form.getByRole('radio', { name: 'Неподходящая погода' }).check();
  await form.getByRole('button', { name: 'Отклонить заказ' }).click();
  await expect(partner.getByText('Причина: Неподходящая погода')).toBeVisible();

  await expect(row).toContainText('Отклонён гидом', { timeout: 5_000 });
  await expect(row).not.toContainText('Ожидает подтверждения гидом');
  expect(await customer.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
