// Issue 12, the calendar: a partner sets a weekly schedule (slots appear in the calendar and the catalog), then closes
// a date that has a paid order, cancelling it with a reason; the customer sees the order cancelled.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { auth, demoPartnerSlot, payOrder, placeOrder } from '../support/orders';

const PUBLIC = '/api/excursion/public';
const dayIn = (iso: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
const clockIn = (iso: string, zone: string) => new Intl.DateTimeFormat('ru-RU', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

test('a partner sets a weekly schedule, then closes a date with a paid order in it', async ({ page, request }) => {
  const slot = await demoPartnerSlot(request, true, 72);
  // the demo partner's excursions are in Moscow (the zones themselves are tested in the api)
  const zone = 'Europe/Moscow';

  await signInAs(page, PARTNER_PHONE);
  await page.goto('/account/partner/calendar');
  await page.getByLabel('Экскурсия', { exact: true }).selectOption(String(slot.excursionId));
  const form = page.getByRole('form', { name: 'Новое расписание' });
  // the excursion's calendar loads after the choice, and the form is drawn anew once it has: a day ticked before then
  // was once undone («Clicking the checkbox did not change its state»), so the days are ticked once it has loaded
  await expect(page.getByRole('list', { name: /^Дни:/ })).toHaveAttribute('aria-busy', 'false');
  await expect(async () => {
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) await form.getByRole('checkbox', { name: day }).check({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // a start time no other schedule of this excursion has (a retry on the same data picks another)
  const time = `0${5 + (Date.now() % 4)}:${String(10 + (Math.floor(Date.now() / 7) % 50)).padStart(2, '0')}`;
  await form.getByLabel('Время начала').fill(time);
  await form.getByLabel('Вместимость').fill('6');
  await form.getByRole('button', { name: 'Добавить расписание' }).click();
  const rule = page.getByRole('region', { name: /^Расписание:/ }).getByText(new RegExp(`пн, вт, ср, чт, пт, сб, вс в ${time}`));
  // every day for 60 days: when some slot runs beside another of the same guide, the partner is asked first
  const asked = form.getByRole('alertdialog', { name: 'Гид в это время занят' });
  await expect(rule.first().or(asked)).toBeVisible();
  if (await asked.isVisible()) {
    await expect(asked).toContainText(/^Гид в это время занятРасписание пересекается со слотами гида/);
    await asked.getByRole('button', { name: 'Всё равно добавить' }).click();
  }
  await expect(rule.first()).toBeVisible();
  // stored: the list read afresh has it too
  await page.reload();
  await page.getByLabel('Экскурсия', { exact: true }).selectOption(String(slot.excursionId));
  await expect(rule.first()).toBeVisible();
  // next month is all within the 60 days: every day has the new slot
  await page.getByRole('button', { name: 'Следующий месяц' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^${time}`) }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${time} 0/6`) }).first()).toBeVisible();
  // … and the catalog offers them
  const offered = (await (await request.get(`${PUBLIC}/excursions/${slot.excursionId}/events`)).json()) as { data: Array<{ starts_at: string }> };
  expect(offered.data.some((e) => clockIn(e.starts_at, zone) === time)).toBe(true);

  // a customer books and pays a slot; the partner closes its date, cancelling the order with a reason
  const customer = await devToken(request, CUSTOMER_PHONE);
  const orderId = await placeOrder(request, customer, slot);
  await payOrder(request, customer, orderId);
  const day = dayIn(slot.startsAt, zone);
  const closing = page.getByRole('form', { name: 'Закрыть даты' });
  await closing.getByLabel('Закрыть с').fill(day);
  await closing.getByRole('button', { name: 'Закрыть даты' }).click();
  const affected = page.getByRole('group', { name: /^В эти дни есть заказы/ });
  await expect(affected.getByText(new RegExp(`№${orderId} · `)).first()).toBeVisible();
  await affected.getByLabel('Причина отмены (её увидят путешественники)').selectOption('Погодные условия');
  await affected.getByRole('button', { name: 'Закрыть и отменить заказы' }).click();
  await expect(page.getByText('Даты закрыты, заказы отменены', { exact: false })).toBeVisible();
  const dayText = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  await expect(page.getByRole('region', { name: 'Закрытые даты' }).getByText(`${dayText} · Погодные условия`).first()).toBeVisible();

  const order = (await (await request.get(`/api/excursion/user/order/${orderId}`, { headers: auth(customer) })).json()) as { data: { status: string; refund_amount: number } };
  expect(order.data.status).toBe('cancelled_by_partner');
  expect(order.data.refund_amount).toBeGreaterThan(0);
  const events = (await (await request.get(`${PUBLIC}/excursions/${slot.excursionId}/events`)).json()) as { data: Array<{ starts_at: string }> };
  expect(events.data.some((e) => dayIn(e.starts_at, zone) === day)).toBe(false);
});
