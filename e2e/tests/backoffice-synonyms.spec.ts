// Issue 31: staff edit the search's synonym groups in the back office, by keyboard alone — add a group, edit it,
// remove it — and the public search follows each change at once.
import { expect, test } from '../support/test';
import { devToken } from '../support/app';
import { auth } from '../support/orders';
import { STAFF_PHONE, staffPage } from '../support/backoffice';

/**
 * A word no one has typed before and that no catalog word is near: consonants only (letters: the search reads words of
 * letters and digits). A word built on «казанушк…» was once near enough to «казань» for the typo matching, and the
 * check that the search finds nothing before the group exists failed.
 */
const madeUpWord = () => `щъ${Array.from({ length: 7 }, () => 'бвгджзклмнпрстфхцчшщ'[Math.floor(Math.random() * 20)]).join('')}`;

test('staff add, edit and remove a synonym group by keyboard; search follows each change', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const first = madeUpWord();
  const second = madeUpWord();
  const total = async (q: string) => {
    const res = await request.get(`/api/excursion/public/search?q=${encodeURIComponent(q)}`);
    expect(res.ok()).toBeTruthy();
    return ((await res.json()) as { data: { excursions: { total: number } } }).data.excursions.total;
  };
  // a group for «казань» left by an interrupted run goes first (the expansion is one group's only)
  const token = await devToken(request, STAFF_PHONE);
  const groups = (await (await request.get('/api/staff/search/synonyms', { headers: auth(token) })).json()) as { data: Array<{ id: number; expansion: string }> };
  for (const g of groups.data.filter((g) => g.expansion === 'казань')) await request.delete(`/api/staff/search/synonyms/${g.id}`, { headers: auth(token) });
  // neither word finds anything before a group names it (so each «found» below is the group's doing)
  expect(await total(first)).toBe(0);
  expect(await total(second)).toBe(0);

  const page = await staffPage(browser);
  /** The page's own announcement (the shell's route announcer is a status too). */
  const notice = page.getByRole('status').filter({ hasText: /^Группа/ });
  const nav = page.getByRole('navigation', { name: 'Разделы бэк-офиса' });
  await nav.getByRole('link', { name: 'Синонимы поиска' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Синонимы поиска');
  await expect(page.getByRole('row', { name: /санкт-петербург/ })).toContainText('питер');

  // add: «Новая группа», the form's first field takes the focus
  await page.getByRole('button', { name: 'Новая группа' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Новая группа синонимов' });
  await expect(form.getByLabel('Что искать')).toBeFocused();
  // nothing typed: the errors in Russian, on the fields
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Сохранить группу' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByText('Укажите, что искать: город, место или слово.')).toBeVisible();
  await expect(form.getByLabel('Что искать')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Что искать').focus();
  await page.keyboard.type('Казань');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Что набирают вместо этого')).toBeFocused();
  await page.keyboard.type(`${first}, питер`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // a word of another group: refused, in Russian
  await expect(form.getByText('«питер» уже есть в группе «санкт-петербург».')).toBeVisible();
  await form.getByLabel('Что набирают вместо этого').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(first);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(notice).toHaveText('Группа «казань» сохранена, поиск уже её учитывает.');
  await expect(page.getByRole('row', { name: /^казань/ })).toContainText(first);
  expect(await total(first)).toBeGreaterThan(0);
  expect(await total(second)).toBe(0);

  // edit: a second word
  await page.getByRole('button', { name: 'Изменить «казань»' }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('form', { name: 'Изменить группу «казань»' });
  await expect(edit.getByLabel('Что искать')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  await page.keyboard.type(`\n${second}`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(notice).toHaveText('Группа «казань» сохранена, поиск уже её учитывает.');
  await expect(page.getByRole('row', { name: /^казань/ })).toContainText(second);
  expect(await total(second)).toBeGreaterThan(0);

  // remove: asked once more, the confirming button takes the focus
  await page.getByRole('button', { name: 'Удалить «казань»' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Да, удалить «казань»' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice).toHaveText('Группа «казань» удалена.');
  await expect(page.getByRole('row', { name: /^казань/ })).toHaveCount(0);
  expect(await total(first)).toBe(0);
  expect(await total(second)).toBe(0);

  // each change is in the audit log
  const audit = (await (await request.get('/api/staff/audit?entity_type=search_synonym_group', { headers: auth(token) })).json()) as {
    data: { data: Array<{ action: string }> };
  };
  expect(audit.data.data.slice(0, 3).map((r) => r.action)).toEqual(['synonyms.delete', 'synonyms.update', 'synonyms.create']);
});
