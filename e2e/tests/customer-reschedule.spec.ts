// Issue 13, moving an order: the traveller picks another time of the same excursion on the order page; an instant
// excursion moves at once (seats follow), and the guide is told. Issue 24, item 8: on a phone, by keyboard, through a
// month grid with weekdays and the chosen day's times, with the submit button right below them.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { auth, demoPartnerSlot, payOrder, placeOrder } from '../support/orders';

test.use({ viewport: { width: 360, height: 740 } });

test('a traveller moves a paid order to another time by keyboard on a phone; the guide is told', async ({ page, request }) => {
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
  await page.getByRole('button', { name: 'Перенести на другое время' }).focus();
  await page.keyboard.press('Enter');
  const group = page.getByRole('group', { name: 'Перенести заказ' });
  // a month grid with weekdays, not a list of every time
  await expect(group.getByRole('columnheader', { name: 'Пн' })).toBeVisible();
  expect(await group.getByRole('radio').count()).toBeLessThan(options.data.slots.length + 1);

  // a day by keyboard, then its first time, then the submit button
  const day = group.getByRole('button', { name: /: есть время$/ }).first();
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const time = group.getByRole('radio').first();
  await time.focus();
  await page.keyboard.press('Space');
  await expect(time).toBeChecked();
  const clock = (await group.locator('.ua-resched__clock').first().textContent())!.trim();

  // the submit button sits right below the times (one screen at 360 px), not thousands of pixels down
  const times = await group.getByRole('group').last().boundingBox();
  const submit = group.getByRole('button', { name: 'Перенести', exact: true });
  const submitBox = await submit.boundingBox();
  expect(submitBox!.y - (times!.y + times!.height)).toBeLessThan(200);
  expect(submitBox!.x + submitBox!.width).toBeLessThanOrEqual(360);

  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`Заказ перенесён на .*${clock}`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'История заказа' }).getByText('Заказ перенесён')).toBeVisible();

  const partner = await devToken(request, PARTNER_PHONE);
  const notices = (await (await request.get('/api/excursion/notification?page=1', { headers: auth(partner) })).json()) as {
    data: Array<{ type: string; data: { order_id?: number } }>;
  };
  expect(notices.data.some((n) => n.type === 'partner_order_rescheduled' && n.data.order_id === orderId)).toBe(true);
});
