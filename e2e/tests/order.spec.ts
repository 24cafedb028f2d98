import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { CUSTOMER_PHONE, devToken, signInAs } from '../support/app';
import { signInNewTravellerIn } from '../support/signIn';
import { answerPush, freshPhone, lastOutboxId, waitForOutbox } from '../support/outbox';

const PUBLIC = '/api/excursion/public';

interface Card {
  slug: string;
  title: string;
  price: number;
  price_type: string;
  instant_booking: boolean;
  city: { slug: string };
  region: { slug: string };
  id: number;
}

/** A group excursion priced per person whose first free date has room for `seats` people. */
async function excursionFor(request: APIRequestContext, instant: boolean, seats: number): Promise<Card> {
  const list = (await (await request.get(`${PUBLIC}/excursions?format=group&per_page=48`)).json()) as { data: { data: Card[] } };
  for (const card of list.data.data.filter((c) => c.instant_booking === instant && c.price_type === 'per_person')) {
    const events = (await (await request.get(`${PUBLIC}/excursions/${card.id}/events`)).json()) as { data: Array<{ seats_left: number; price: number }> };
    const first = events.data.find((e) => e.seats_left > 0);
    if (first && first.seats_left >= seats && first.price === card.price) return card;
  }
  throw new Error('no excursion to order in the seed');
}

const pathOf = (c: Card) => `/excursion/${c.region.slug}/${c.city.slug}/${c.slug}`;
const rub = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** A second customer: a phone's first sign-in creates the account (its push confirmed through the dev outbox). */
async function newCustomerToken(request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  const since = await lastOutboxId(request, phone);
  const started = (await (await request.post('/api/sso/auth/request', { data: { phone } })).json()) as { data: { auth_req_id: string } };
  await answerPush(request, await waitForOutbox(request, phone, 'push', since), 'confirm');
  const checked = (await (await request.post('/api/sso/auth/check', { data: { auth_req_id: started.data.auth_req_id } })).json()) as {
    data: { token: string };
  };
  return checked.data.token;
}

async function openOrderForm(page: Page, excursion: Card): Promise<void> {
  await page.goto(pathOf(excursion));
  const booking = page.getByRole('region', { name: 'Бронирование' });
  await booking.locator('.cat-cal__time:not([disabled])').first().click();
  await booking.getByRole('link', { name: 'Забронировать' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оформление заказа');
}

test('a customer orders for 2 people, pays the prepayment, gets tickets and cancels', async ({ page }) => {
  const excursion = await excursionFor(page.request, true, 2);
  await signInAs(page, CUSTOMER_PHONE);
  await openOrderForm(page, excursion);

  await expect(page.getByRole('textbox', { name: 'Имя' })).toHaveValue('Анна Смирнова');
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 (999) 000-00-01');
  await page.getByRole('button', { name: 'Увеличить: Взрослый' }).click();
  const price = page.getByLabel('Стоимость');
  const total = excursion.price * 2;
  const prepayment = Math.round((total * 15) / 100);
  await expect(price.locator('.cat-price__row--total dd')).toHaveText(/.+/);
  expect(rub(await price.locator('.cat-price__row--total dd').textContent())).toBe(total);
  expect(rub(await price.locator('.cat-price__row--now dd').textContent())).toBe(prepayment);
  await expect(price).toContainText('сервисный сбор 15%');
  await page.getByRole('textbox', { name: 'Комментарий для гида' }).fill('Будем вдвоём, без опозданий');

  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page).toHaveURL(/\/account\/user\/\d+$/);
  const orderId = page.url().split('/').pop();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${orderId}`);
  await expect(page.getByRole('region', { name: 'Подтверждён' })).toContainText('Предоплата получена');
  await expect(page.getByText('Взрослый × 2')).toBeVisible();
  await expect(page.getByText('Будем вдвоём, без опозданий')).toBeVisible();
  const tickets = page.getByRole('region', { name: 'Билеты' });
  await expect(tickets.getByRole('img', { name: /^QR-код билета / })).toHaveCount(2);
  await expect(tickets.getByRole('img').first()).toHaveAttribute('src', /^data:image\/svg\+xml/);

  await page.getByRole('button', { name: 'Отменить заказ' }).click();
  const confirm = page.getByRole('group', { name: 'Отменить заказ?' });
  await expect(confirm).toContainText(/вернём|не возвращается/);
  await confirm.getByRole('button', { name: 'Да, отменить' }).click();
  await expect(page.getByRole('region', { name: 'Отменён вами' })).toBeVisible();
  await expect(page.getByText('Заказ отменён')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0);

  await page.goto('/account/user/ticket');
  await expect(page.getByRole('region', { name: 'Прошедшие и отменённые' }).locator(`a[href="/account/user/${orderId}"]`)).toContainText('Отменён вами');
});

test('signed out, the order form asks to sign in and keeps what was typed; the guide then has to confirm', async ({ page, request }) => {
  const excursion = await excursionFor(page.request, false, 1);
  await openOrderForm(page, excursion);
  const orderUrl = page.url();
  await page.getByRole('textbox', { name: 'Имя' }).fill('Мария');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('+7 916 123-45-67');
  await page.getByRole('textbox', { name: 'Комментарий для гида' }).fill('Первый раз в городе');
  await page.getByRole('button', { name: 'Отправить заказ' }).click();
  await expect(page.getByText('Войдите, чтобы отправить заказ. Всё, что вы ввели, сохранится.')).toBeVisible();

  // Sign in right there (a new traveller): the form is still what was typed.
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await expect(dialog).toBeVisible();
  await signInNewTravellerIn(dialog, request);
  await expect(page).toHaveURL(orderUrl);
  await expect(page.getByText('Вы вошли. Проверьте данные и отправьте заказ.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Имя' })).toHaveValue('Мария');
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 916 123-45-67');
  await expect(page.getByRole('textbox', { name: 'Комментарий для гида' })).toHaveValue('Первый раз в городе');
  await page.getByRole('button', { name: 'Отправить заказ' }).click();

  await expect(page).toHaveURL(/\/account\/user\/\d+$/);
  await expect(page.getByRole('region', { name: 'Ожидает подтверждения гидом' })).toContainText('Гид получил заказ');
  await expect(page.getByText('Мария, +7 (916) 123-45-67')).toBeVisible();
  await expect(page.getByRole('button', { name: /Оплатить/ })).toHaveCount(0);

  // The draft was for this order only: the form starts afresh next time.
  await page.goto(orderUrl);
  await expect(page.getByRole('textbox', { name: 'Комментарий для гида' })).toHaveValue('');
});

test('a wrong phone is shown on its field and nothing typed is lost', async ({ page }) => {
  const excursion = await excursionFor(page.request, false, 1);
  await signInAs(page, CUSTOMER_PHONE);
  await openOrderForm(page, excursion);
  const phone = page.getByRole('textbox', { name: 'Телефон' });
  await phone.fill('+7 000 000-00-00');
  await page.getByRole('button', { name: 'Отправить заказ' }).click();
  await expect(page.getByText('Введите корректный номер телефона')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveValue('+7 000 000-00-00');
});

test('another customer’s order is a 404, never its data', async ({ page, request }) => {
  const anna = await devToken(request, CUSTOMER_PHONE);
  const mine = (await (await request.get('/api/excursion/user/order', { headers: { Authorization: `Bearer ${anna}` } })).json()) as {
    data: { data: Array<{ id: number; excursion: { title: string } }> };
  };
  const annasOrder = mine.data.data[0]!;

  const stranger = await newCustomerToken(request);
  await page.goto(`/?token=${stranger}`);
  await page.waitForURL('**/account/user');
  await page.goto(`/account/user/${annasOrder.id}`);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText(`Page Not Found: /account/user/${annasOrder.id}`)).toBeVisible();
  await expect(page.getByText(annasOrder.excursion.title)).toHaveCount(0);
});
