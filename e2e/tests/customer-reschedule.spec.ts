// Issue 13, moving an order: the traveller picks another time of the same excursion on the order page; an instant
// excursion moves at once (seats follow), and the guide is told.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { auth, demoPartnerSlot, payOrder, placeOrder } from '../support/orders';

test('a traveller moves a paid order to another time; the guide is told', async ({ page, request }) => {
  const token = await devToken(request, CUSTOMER_PHONE);
  const slot = await demoPartnerSlot(request, true, 48);
  const orderId = await placeOrder(request, token, slot);
  await payOrder(request, token, orderId);
  const options = (await (await request.get(`/api/excursion/user/order/${orderId}/reschedule`, { headers: auth(token) })).json()) as {
    data: { allowed: boolean; slots: Array<{ event_id: number }> };
  };
  expect(options.data.allowed).toBe(true);
  expect(options.data.slots.length).toBeGreaterThan(0);

  await signInAs(page, CUSTOMER_PHONE);
  await page.goto(`/account/user/${orderId}`);
  await page.getByRole('button', { name: 'Перенести на другое время' }).click();
  const group = page.getByRole('group', { name: 'Перенести заказ' });
  const choice = group.getByRole('radio').first();
  const label = (await group.locator('label').first().textContent())!.split(' · ')[0]!.trim();
  await choice.check();
  await group.getByRole('button', { name: 'Перенести' }).click();
  await expect(page.getByText(`Заказ перенесён на ${label}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'История заказа' }).getByText('Заказ перенесён')).toBeVisible();

  const partner = await devToken(request, PARTNER_PHONE);
  const notices = (await (await request.get('/api/excursion/notification?page=1', { headers: auth(partner) })).json()) as {
    data: Array<{ type: string; data: { order_id?: number } }>;
  };
  expect(notices.data.some((n) => n.type === 'partner_order_rescheduled' && n.data.order_id === orderId)).toBe(true);
});
