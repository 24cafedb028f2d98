// Issue 12, the partner's orders: a customer's request reaches the partner's dashboard, the partner answers it on the
// order page, and the customer's open order page shows the answer live (accepted; declined with its reason).
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE } from '../support/app';
import { declinePendingRequests, orderForDemoPartner, signedIn } from '../support/orders';

test('a request is answered by the partner and the customer sees it live, with the reason of a decline', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  const token = await devToken(customer.request, CUSTOMER_PHONE);
  await declinePendingRequests(partner.request, await devToken(partner.request, PARTNER_PHONE));
  const accepted = await orderForDemoPartner(customer.request, token);
  const declined = await orderForDemoPartner(customer.request, token);

  // the customer waits on the first order's page
  await customer.goto(`/account/user/${accepted}`);
  await expect(customer.getByRole('heading', { level: 2, name: 'Ожидает подтверждения гидом' })).toBeVisible();
  await expect(customer.getByText(/Гид ответит до/)).toBeVisible();

  // the partner finds the request on the dashboard with its deadline (the dashboard lists the 5 most urgent; the
  // requests earlier journeys left were declined above, the second one is reached by its address below)
  await partner.goto('/account/partner');
  const requests = partner.getByRole('region', { name: 'Ждут вашего ответа' });
  await expect(requests.getByRole('link', { name: new RegExp(`№${accepted}\\b`) })).toContainText('Ответить до');
  await requests.getByRole('link', { name: new RegExp(`№${accepted}\\b`) }).click();
  await expect(partner.getByRole('heading', { level: 1, name: `Заказ №${accepted}` })).toBeVisible();
  await expect(partner.getByText('Телефон откроется после оплаты предоплаты.', { exact: false })).toBeVisible();
  await partner.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(partner.getByRole('heading', { level: 2, name: 'Ждёт предоплаты' })).toBeVisible();

  // live on the customer's page, no reload
  await expect(customer.getByRole('heading', { level: 2, name: 'Ожидает оплаты' })).toBeVisible({ timeout: 5_000 });
  await expect(customer.getByRole('button', { name: /Оплатить предоплату/ })).toBeVisible();

  // the second request: declined with a reason from the list, by keyboard-friendly radio buttons
  await customer.goto(`/account/user/${declined}`);
  await partner.goto(`/account/partner/order/${declined}`);
  await partner.getByRole('button', { name: 'Отклонить' }).click();
  const form = partner.getByRole('form', { name: 'Почему вы отклоняете заказ?' });
  await form.getByRole('radio', { name: 'Неподходящая погода' }).check();
  await form.getByRole('textbox', { name: 'Комментарий для путешественника' }).fill('обещают шторм');
  await form.getByRole('button', { name: 'Отклонить заказ' }).click();
  await expect(partner.getByText('Причина: Неподходящая погода: обещают шторм')).toBeVisible();
  const status = customer.getByRole('region', { name: 'Отклонён гидом' });
  await expect(status).toBeVisible({ timeout: 5_000 });
  await expect(status).toContainText('Причина: Неподходящая погода: обещают шторм');

  // the orders list finds it by number
  await partner.goto('/account/partner/orders');
  await partner.getByRole('searchbox', { name: 'Имя клиента или номер заказа' }).fill(String(declined));
  await partner.getByRole('button', { name: 'Найти' }).click();
  await expect(partner.getByRole('link', { name: new RegExp(`№${declined}\\b`) })).toContainText('Отклонён');
});
