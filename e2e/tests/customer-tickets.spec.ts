// Issue 13, tickets: a paid trip shows as its ticket — time in the city's zone, meeting point, the guide's phone,
// what is left to pay, the QR (kept for offline) — and goes into the calendar as an .ics file in that zone.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { auth, demoPartnerSlot, payOrder, placeOrder } from '../support/orders';

test('a paid trip is a ticket with its QR, the guide’s phone, and an .ics in the city’s time zone', async ({ page, request }) => {
  // the guide's phone on a ticket is the one the partner gives travellers: set here, whatever earlier journeys saved
  const partner = await devToken(request, PARTNER_PHONE);
  const profile = ((await (await request.get('/api/excursion/partner/profile/details', { headers: auth(partner) })).json()) as { data: Record<string, unknown> }).data;
  const { photo_url: _photo, guide_slug: _slug, ...details } = profile;
  const saved = await request.put('/api/excursion/partner/profile/details', { headers: auth(partner), data: { ...details, traveller_phone: '+7 916 123-45-67' } });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  const token = await devToken(request, CUSTOMER_PHONE);
  const slot = await demoPartnerSlot(request, true);
  const orderId = await placeOrder(request, token, slot);
  await payOrder(request, token, orderId);

  await signInAs(page, CUSTOMER_PHONE);
  await page.goto('/account/user/ticket');
  const pass = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Заказ №${orderId}` }) });
  await expect(pass).toBeVisible();
  await expect(pass.getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute('href', 'tel:+79161234567');
  await expect(pass.getByRole('img', { name: /^QR-код билета [A-HJKMNP-Z2-9]{10}$/ })).toBeVisible();
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('excursio.ticket-qr.')).length);
  expect(stored).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await pass.getByRole('button', { name: 'Добавить в календарь' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`excursio-zakaz-${orderId}.ics`);
  const ics = await readFile((await file.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toMatch(/DTSTART;TZID=[A-Za-z_]+\/[A-Za-z_]+:\d{8}T\d{6}\r\n/);
  expect(ics).toContain(`UID:order-${orderId}@excursio`);

  // the order page tells its history
  await pass.getByRole('link', { name: `Заказ №${orderId}` }).click();
  const history = page.getByRole('region', { name: 'История заказа' });
  await expect(history.getByText('Предоплата получена, заказ подтверждён')).toBeVisible();
});
