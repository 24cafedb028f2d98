// Issue 13, reviews: a paid order is completed when its slot ends (the api's development clock moved), the customer
// is invited, writes a review from the order page, the partner replies, and the customer reads the reply.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { auth, demoPartnerSlot, payOrder, placeOrder } from '../support/orders';
import { CAMERA_JPEG } from '../support/photos';

test.afterEach(async ({ request }) => {
  await request.post('/api/dev/clock', { data: { reset: true } });
});

test('a completed excursion is reviewed from its order page, the partner replies, the traveller reads it', async ({ page, request }) => {
  const phone = CUSTOMER_PHONE;
  const token = await devToken(request, phone);
  const slot = await demoPartnerSlot(request, true);
  const order = { id: await placeOrder(request, token, slot) };
  await payOrder(request, token, order.id);
  // the api's development clock moves past the slot's end; the lifecycle worker completes the order
  const endsIn = Math.ceil((new Date(slot.startsAt).getTime() - Date.now()) / 60_000) + slot.durationMinutes + 5;
  expect((await request.post('/api/dev/clock', { data: { advance_minutes: endsIn } })).ok()).toBeTruthy();
  await expect
    .poll(async () => ((await (await request.get(`/api/excursion/user/order/${order.id}`, { headers: auth(token) })).json()) as { data: { status: string } }).data.status, { timeout: 20_000 })
    .toBe('completed');

  await signInAs(page, phone);
  await page.goto(`/account/user/${order.id}`);
  await page.getByRole('link', { name: 'Оставить отзыв' }).click();
  await expect(page).toHaveURL(`/account/user/reviews?order=${order.id}`);
  const form = page.getByRole('form', { name: /^Отзыв об экскурсии/ });
  // the stars are a radio group: the keyboard picks the rating
  await expect(form.getByRole('radio', { name: '1 из 5 — плохо' })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 из 5 — отлично' })).toBeChecked();
  const text = `Гид показал дворы, о которых не пишут в путеводителях. ${Date.now().toString(36)}`;
  await form.getByLabel('Отзыв').fill(text);
  await form.getByLabel('Добавить фото').setInputFiles(CAMERA_JPEG);
  await expect(form.getByRole('img', { name: 'Фото 1' })).toBeVisible();
  await form.getByRole('button', { name: 'Опубликовать отзыв' }).click();
  const mine = page.getByRole('region', { name: 'Мои отзывы' });
  const item = mine.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: 'Оценка: 5 из 5' })).toBeVisible();
  await expect(item.getByRole('img', { name: 'Фото 1' })).toBeVisible();

  // the demo partner replies (through the api; the partner's page is tested in partner-misc)
  const partner = await devToken(request, PARTNER_PHONE);
  const reviews = (await (await request.get('/api/excursion/partner/reviews?per_page=50', { headers: auth(partner) })).json()) as {
    data: { reviews: { data: Array<{ id: number; text: string }> } };
  };
  const written = reviews.data.reviews.data.find((r) => r.text === text);
  expect(written, 'the partner sees the new review').toBeTruthy();
  const replied = await request.post(`/api/excursion/partner/reviews/${written!.id}/reply`, { headers: auth(partner), data: { text: 'Спасибо! Рады, что дворы понравились.' } });
  expect(replied.ok(), await replied.text()).toBeTruthy();
  await page.reload();
  await expect(item.getByText('Спасибо! Рады, что дворы понравились.')).toBeVisible();
  await expect(item.getByText('Ответ гида', { exact: false })).toBeVisible();

  // published on the excursion page with its photo, stripped of the camera's metadata
  await item.getByRole('link').first().click();
  const shown = page.locator('.cat-review', { hasText: text });
  await expect(shown).toBeVisible();
  const photo = shown.getByRole('img', { name: /^Фото 1 из 1/ });
  await expect(photo).toBeVisible();
  const full = await page.request.get((await photo.getAttribute('src'))!);
  expect(full.headers()['content-type']).toBe('image/jpeg');
  expect((await full.body()).includes(Buffer.from('E2E Cam'))).toBe(false);
});
