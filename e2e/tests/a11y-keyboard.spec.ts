// Issue 17: the journeys by keyboard alone. Every step is a key press (Tab to reach, Enter/Space/arrows to act); the
// only addresses typed are the starting pages, as a person would type them. Each control reached shows its focus.
import { expect, test, type APIRequestContext } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { expectVisibleFocus, tabTo } from '../support/keyboard';
import { declinePendingRequests, orderForDemoPartner } from '../support/orders';

const PUBLIC = '/api/excursion/public';

interface Card { id: number; title: string; price: number; price_type: string; instant_booking: boolean }

/** A group excursion booked instantly, priced per person, whose first date has two free seats. */
async function instantExcursion(request: APIRequestContext): Promise<Card> {
  const list = (await (await request.get(`${PUBLIC}/excursions?format=group&per_page=48`)).json()) as { data: { data: Card[] } };
  for (const card of list.data.data.filter((c) => c.instant_booking && c.price_type === 'per_person')) {
    const events = (await (await request.get(`${PUBLIC}/excursions/${card.id}/events`)).json()) as { data: Array<{ seats_left: number; price: number }> };
    const first = events.data.find((e) => e.seats_left > 0);
    if (first && first.seats_left >= 2 && first.price === card.price) return card;
  }
  throw new Error('no instant excursion in the seed');
}

test('search, filter, open, pick a date and a time, order, pay and open the tickets: keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  const excursion = await instantExcursion(page.request);
  await signInAs(page, CUSTOMER_PHONE);
  await page.goto('/excursion');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // search
  const search = page.getByRole('combobox', { name: 'Город или экскурсия' });
  await tabTo(page, search);
  await page.keyboard.type(excursion.title);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);

  // a filter: the format, changed with the arrow keys on the focused list box
  const format = page.getByRole('combobox', { name: 'Формат' });
  await tabTo(page, format);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/format=group/);

  // open the excursion from the results
  const card = page.getByRole('link', { name: excursion.title }).first();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(excursion.title);

  // the date grid: one tab stop; arrows move the focus by day and week, Enter chooses
  const booking = page.getByRole('region', { name: 'Бронирование' });
  const grid = booking.getByRole('grid');
  const start = grid.locator('button[tabindex="0"]');
  await tabTo(page, start);
  const first = await start.getAttribute('data-day');
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('button[tabindex="0"]')).not.toHaveAttribute('data-day', first!);
  await expect(grid.locator('button[tabindex="0"]')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowUp');
  await expect(grid.locator(`button[data-day="${first}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('gridcell', { selected: true })).toContainText(String(Number(first!.slice(8))));

  // a time with free seats
  const time = booking.locator('.cat-cal__time:not([disabled])').first();
  await tabTo(page, time);
  await page.keyboard.press('Enter');
  await expect(time).toHaveAttribute('aria-pressed', 'true');
  const book = booking.getByRole('link', { name: 'Забронировать' });
  await tabTo(page, book);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оформление заказа');

  // participants and the form
  const more = page.getByRole('button', { name: 'Увеличить: Взрослый' });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Взрослый').first()).toBeVisible();
  const comment = page.getByRole('textbox', { name: 'Комментарий для гида' });
  await tabTo(page, comment);
  await page.keyboard.type('Придём с клавиатурой');
  const pay = page.getByRole('button', { name: 'Перейти к оплате' });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  // the test payment provider
  await expect(page).toHaveURL(/\/api\/payments\/test\//);
  await tabTo(page, page.getByRole('button', { name: 'Оплатить' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/user\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Заказ №\d+/);

  // the tickets, through the account menu
  const tickets = page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Билеты' });
  await tabTo(page, tickets, { max: 80, backwards: true });
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/Билеты/);
  // the route change put the focus on the new page's heading and said its name
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(/Билеты/);
});

test('the partner answers a request and writes in the order chat: keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  const customerToken = await devToken(page.request, CUSTOMER_PHONE);
  await declinePendingRequests(page.request, await devToken(page.request, PARTNER_PHONE));
  const orderId = await orderForDemoPartner(page.request, customerToken);
  await signInAs(page, PARTNER_PHONE);

  // the dashboard's request, by its link
  const request = page.getByRole('region', { name: 'Ждут вашего ответа' }).getByRole('link', { name: new RegExp(`№${orderId}\\b`) });
  await tabTo(page, request);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: `Заказ №${orderId}` });
  await expect(heading).toBeFocused();

  // accept
  await tabTo(page, page.getByRole('button', { name: 'Подтвердить заказ' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Ждёт предоплаты' })).toBeVisible();

  // the chat: type, Enter sends
  const chat = page.getByRole('region', { name: /^Чат/ });
  const message = chat.getByRole('textbox', { name: 'Сообщение' });
  await tabTo(page, message, { max: 80 });
  await page.keyboard.type('Встречаемся у входа, до встречи!');
  await page.keyboard.press('Enter');
  await expect(chat.getByRole('log')).toContainText('Встречаемся у входа, до встречи!');
});

test('the partner calendar: to the next month and into a slot, keyboard only', async ({ page }) => {
  await signInAs(page, PARTNER_PHONE);
  await page.goto('/account/partner/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const period = page.locator('.pa-cal__period');
  const before = await period.textContent();
  await tabTo(page, page.getByRole('button', { name: 'Следующий месяц' }));
  await page.keyboard.press('Enter');
  await expect(period).not.toHaveText(before!);
  await tabTo(page, page.getByRole('button', { name: 'Сегодня' }));
  await page.keyboard.press('Enter');
  await expect(period).toHaveText(before!);
  // the first slot of the month: its page — once the month's slots are loaded (the grid is busy while the previous
  // month's slots are still shown: the first slot then would be one of the trailing days, and the month's own would
  // appear behind the focus)
  await expect(page.getByRole('list', { name: /^Дни:/ })).toHaveAttribute('aria-busy', 'false');
  const slot = page.locator('.pa-cal__slots a').first();
  await tabTo(page, slot, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/partner\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
