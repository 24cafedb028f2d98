// Issue 32 §2, the guide proposes another time — two browsers, a phone's width, by keyboard: the partner proposes
// other times with a message; the customer sees them live on the order page and in the chat, takes one with one tap
// (the order moves, the partner's page follows), or refuses them all (cancelled, the prepayment refunded in full).
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE } from '../support/app';
import { declinePendingRequests, demoPartnerSlot, orderForDemoPartner, payOrder, placeOrder, realtimeReady, signedIn } from '../support/orders';

test.use({ viewport: { width: 360, height: 740 } });

const press = async (locator: import('@playwright/test').Locator, key = 'Enter') => {
  await locator.focus();
  await locator.press(key);
};

test('a request: the guide proposes another time, the customer takes it with one tap in the chat', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  await declinePendingRequests(partner.request, await devToken(partner.request, PARTNER_PHONE));
  const orderId = await orderForDemoPartner(customer.request, await devToken(customer.request, CUSTOMER_PHONE));

  const customerLive = realtimeReady(customer);
  await customer.goto(`/account/user/${orderId}`);
  await customerLive;
  await expect(customer.getByRole('heading', { level: 2, name: 'Ожидает подтверждения гидом' })).toBeVisible();

  const partnerLive = realtimeReady(partner);
  await partner.goto(`/account/partner/order/${orderId}`);
  await partnerLive;
  await press(partner.getByRole('button', { name: 'Предложить другое время' }));
  const form = partner.getByRole('form', { name: 'Предложить другое время' });
  const firstSlot = form.getByRole('checkbox').first();
  await press(firstSlot, 'Space');
  await expect(firstSlot).toBeChecked();
  const slotText = (await firstSlot.locator('xpath=..').textContent())!;
  const clock = /(\d{2}:\d{2})/.exec(slotText)![1]!;
  await form.getByLabel('Сообщение путешественнику').fill('В это время я на другой группе — могу чуть позже.');
  await press(form.getByRole('button', { name: 'Отправить предложение' }));
  await expect(partner.getByText(/Вы предложили другое время: .*Ждём ответа путешественника/)).toBeVisible();

  // the customer's page shows the proposal live, and the chat carries it as buttons
  const section = customer.getByRole('region', { name: 'Гид предлагает другое время' });
  await expect(section).toContainText('могу чуть позже', { timeout: 10_000 });
  const inChat = customer.getByRole('group', { name: 'Предложенное гидом время' });
  await expect(inChat).toBeVisible();
  const choice = inChat.getByRole('button', { name: new RegExp(clock) }).first();
  const box = await choice.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await press(choice);

  await expect(customer.getByRole('heading', { level: 2, name: 'Ожидает оплаты' })).toBeVisible();
  await expect(section).toBeHidden();
  await expect(customer.getByText('Время выбрано: заказ перенесён.')).toBeVisible();
  await expect(customer.getByRole('button', { name: /Оплатить/ })).toBeVisible();
  // the partner's page follows without a reload
  await expect(partner.getByRole('heading', { level: 2, name: 'Ждёт предоплаты' })).toBeVisible({ timeout: 10_000 });
});

test('a paid order: the guide proposes a new time, the customer refuses them all and the prepayment is refunded in full', async ({ browser }) => {
  const customer = await signedIn(browser, CUSTOMER_PHONE);
  const partner = await signedIn(browser, PARTNER_PHONE);
  const token = await devToken(customer.request, CUSTOMER_PHONE);
  const orderId = await placeOrder(customer.request, token, await demoPartnerSlot(customer.request, true, 48));
  await payOrder(customer.request, token, orderId);

  const live = realtimeReady(partner);
  await partner.goto(`/account/partner/order/${orderId}`);
  await live;
  await expect(partner.getByRole('heading', { level: 2, name: 'Подтверждён и оплачен' })).toBeVisible();
  await press(partner.getByRole('button', { name: 'Предложить другое время' }));
  const form = partner.getByRole('form', { name: 'Предложить другое время' });
  await press(form.getByRole('button', { name: 'Добавить новое время' }));
  const day = new Date(Date.now() + 12 * 24 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel('Дата').fill(day);
  await form.getByLabel('Время начала').fill('17:40');
  await form.getByLabel('Сообщение путешественнику').fill('Гид заболел, могу только так.');
  await press(form.getByRole('button', { name: 'Отправить предложение' }));
  await expect(partner.getByText(/Вы предложили другое время: .*17:40/)).toBeVisible();

  await customer.goto(`/account/user/${orderId}`);
  const section = customer.getByRole('region', { name: 'Гид предлагает другое время' });
  await expect(section.getByRole('button', { name: /17:40/ })).toBeVisible();
  await press(section.getByRole('button', { name: 'Ни одно не подходит' }));
  await expect(section).toContainText('Заказ будет отменён, предоплата вернётся полностью.');
  await press(section.getByRole('button', { name: 'Отменить заказ' }));

  await expect(customer.getByRole('heading', { level: 2, name: 'Отменён вами' })).toBeVisible();
  await expect(customer.getByText('Ни одно время не подошло: заказ отменён, предоплата возвращается полностью.')).toBeVisible();
  const order = (await (await customer.request.get(`/api/excursion/user/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { refund_amount: number; prepayment: number };
  };
  expect(order.data.refund_amount).toBe(order.data.prepayment);
  expect(order.data.refund_amount).toBeGreaterThan(0);
  await expect(partner.getByRole('heading', { level: 2, name: 'Отменён путешественником' })).toBeVisible({ timeout: 10_000 });
});
