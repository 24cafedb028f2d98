// Issue 31: search that understands Russian travellers — the wrong keyboard layout, typos, word forms — in the search
// box (an accessible combobox) and on the server-rendered results page /excursion?q= (destinations, the corrected
// query, marked words, facets, the nearest destinations when nothing matches).
import { expect, test } from '../support/test';

test.describe('search', () => {
  test('Kazan typed in the Latin layout: suggestions, then results for «казань» with the words marked and facets', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Город или экскурсия' });
    await box.fill('rfpfym');
    await expect(page.getByRole('option', { name: /^Казань.*Город/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('Enter');

    await expect(page).toHaveURL(/\/excursion\?q=rfpfym$/);
    await expect(page.getByText('Показаны результаты для «казань»')).toBeVisible();
    const places = page.getByRole('list', { name: 'Места' });
    await expect(places.getByRole('link', { name: /^Казань/ })).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    const marks = page.locator('.cat-card__title mark');
    await expect(marks.first()).toHaveText(/^Казан[ьи]$/);

    // a facet narrows the results, its count is what is then found
    const facets = page.getByRole('navigation', { name: 'Уточнить поиск' });
    const group = facets.getByRole('link', { name: /^Групповая \d+$/ });
    const count = Number((await group.textContent())!.replace(/\D/g, ''));
    await group.click();
    await expect(page).toHaveURL(/format=group/);
    await expect(page.locator('output.cat-listing__count')).toHaveText(new RegExp(`^Найдено ${count} `));
    await expect(facets.getByRole('link', { name: /^Групповая/ })).toHaveAttribute('aria-current', 'true');
  });

  test('the keyboard picks a suggestion for a word being typed with a typo', async ({ page }) => {
    await page.goto('/excursion');
    const box = page.getByRole('combobox', { name: 'Город или экскурсия' });
    await box.fill('эрмитж');
    const option = page.getByRole('option', { name: /^Эрмитаж.*Достопримечательность/ });
    await expect(option).toBeVisible();
    // the options come in order: move down to the sight and open it
    const options = page.getByRole('option');
    const index = (await options.allTextContents()).findIndex((t) => t.startsWith('ЭрмитажДостопримечательность'));
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL('/excursion/sight/ermitazh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Эрмитаж');
  });

  test('the results page comes from the server with the marks, and an empty answer offers the nearest destinations', async ({ page, request }) => {
    const res = await request.get(`/excursion?q=${encodeURIComponent('экскурсии по казани')}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['x-rendered-by']).toMatch(/^ssr /);
    const html = await res.text();
    expect(html).toMatch(/<mark class="cat-mark">Казан[ьи]<\/mark>/);

    await page.goto(`/excursion?q=${encodeURIComponent('Париж Лувр')}`);
    await expect(page.locator('output.cat-listing__count')).toHaveText('Ничего не найдено');
    await expect(page.getByText('По запросу «Париж Лувр» экскурсий не нашлось', { exact: false })).toBeVisible();
    const nearest = page.getByRole('list', { name: 'Ближайшие направления' });
    await expect(nearest.getByRole('link')).toHaveCount(4);
  });
});
