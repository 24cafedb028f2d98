// Issue 24, item 2: the main buttons keep readable text in every state — at rest, hovered, focused, pressed and after
// a tap on a phone — and a disabled control stays readable too. Contrast from what Chromium paints
// (getComputedStyle), ≥ 4.5:1 (3:1 for large text).
import { expect, test, type Locator, type Page } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, signInAs } from '../support/app';
import { measureContrast } from '../support/contrast';

const PUBLIC = '/api/excursion/public';

interface Card { slug: string; city: { slug: string }; region: { slug: string } }

/** An excursion page with dates on sale (its booking card shows «Забронировать»). */
async function excursionPage(page: Page): Promise<string> {
  const list = (await (await page.request.get(`${PUBLIC}/excursions?per_page=12`)).json()) as { data: { data: Card[] } };
  const card = list.data.data[0]!;
  return `/excursion/${card.region.slug}/${card.city.slug}/${card.slug}`;
}

type State = 'rest' | 'hover' | 'focus' | 'active';

/** Puts the control in a state and measures it; the press never becomes a click (no navigation). */
async function inState(page: Page, control: Locator, state: State) {
  await page.mouse.move(0, 0);
  await control.evaluate((el) => (el as HTMLElement).blur());
  if (state === 'hover') await control.hover();
  if (state === 'focus') await control.focus();
  if (state === 'active') {
    await control.evaluate((el) => el.addEventListener('click', (e) => e.preventDefault(), { once: true, capture: true }));
    await control.hover();
    await page.mouse.down();
  }
  const measured = await measureContrast(control);
  if (state === 'active') await page.mouse.up();
  return measured;
}

/** Every state of the control below its required contrast, as readable lines (none: all pass). */
async function failingStates(page: Page, name: string, control: Locator, states: readonly State[] = ['rest', 'hover', 'focus', 'active']) {
  await control.scrollIntoViewIfNeeded();
  const failures: string[] = [];
  for (const state of states) {
    const c = await inState(page, control, state);
    if (c.ratio < c.required) failures.push(`${name} (${state}): ${c.text} on ${c.background} = ${c.ratio}:1, needs ${c.required}:1`);
  }
  return failures;
}

test.use({ reducedMotion: 'reduce' }); // no colour transition half-way when measured

test('«Забронировать» and the calendar’s disabled month button are readable in every state', async ({ page }) => {
  await page.goto(await excursionPage(page));
  const booking = page.getByRole('region', { name: 'Бронирование' });
  const failures = [
    ...(await failingStates(page, 'Забронировать', booking.getByRole('link', { name: 'Забронировать' }))),
    ...(await failingStates(page, 'Предыдущий месяц (disabled)', booking.getByRole('button', { name: 'Предыдущий месяц' }), ['rest', 'hover'])),
  ];
  await expect(booking.getByRole('button', { name: 'Предыдущий месяц' })).toBeDisabled();
  expect(failures).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sticky «Выбрать дату» stays readable when hovered, focused, pressed and after a tap', async ({ page }) => {
    await page.goto(await excursionPage(page));
    const choose = page.getByRole('link', { name: 'Выбрать дату' });
    const failures = await failingStates(page, 'Выбрать дату', choose);
    await choose.tap();
    await expect(page).toHaveURL(/#booking$/);
    const afterTap = await measureContrast(choose);
    if (afterTap.ratio < afterTap.required) failures.push(`Выбрать дату (after a tap): ${afterTap.text} on ${afterTap.background} = ${afterTap.ratio}:1`);
    expect(failures).toEqual([]);
  });
});

test('the customer’s «Билет и детали» is readable in every state', async ({ page }) => {
  await signInAs(page, CUSTOMER_PHONE);
  const ticket = page.getByRole('link', { name: 'Билет и детали' });
  await expect(ticket).toBeVisible();
  expect(await failingStates(page, 'Билет и детали', ticket)).toEqual([]);
});

test('the partner’s «Добавить экскурсию» and a disabled page button are readable in every state', async ({ page }) => {
  await signInAs(page, PARTNER_PHONE);
  await page.goto('/account/partner/reviews');
  const back = page.getByRole('navigation', { name: 'Страницы' }).getByRole('button', { name: 'Назад' });
  await expect(back).toBeDisabled();
  const failures = await failingStates(page, 'Назад (disabled)', back, ['rest', 'hover']);
  await page.goto('/account/partner/excursions');
  failures.push(...(await failingStates(page, 'Добавить экскурсию', page.getByRole('link', { name: 'Добавить экскурсию' }))));
  expect(failures).toEqual([]);
});
