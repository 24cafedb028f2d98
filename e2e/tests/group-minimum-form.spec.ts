// Issue 32 §1: the partner sets an excursion's minimum group and its decision time in the excursion's form — refused in
// Russian where the rule does not hold, saved through the api, and the calendar shows what was saved. 360 px, keyboard.
import { expect, test } from '../support/test';
import { devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { auth } from '../support/orders';

test.use({ viewport: { width: 360, height: 740 } });

test('the excursion form sets the minimum group and the decision time; the calendar shows them', async ({ page }) => {
  const token = await devToken(page.request, PARTNER_PHONE);
  const options = (await (await page.request.get('/api/excursion/partner/excursions/options', { headers: auth(token) })).json()) as { data: { cities: Array<{ id: number; name: string }> } };
  const city = options.data.cities.find((c) => c.name === 'Москва')!;
  const title = `Группа по минимуму ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/excursion/partner/excursions', { headers: auth(token), data: { title, city_id: city.id } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { data: { id: number; group_size_max: number } }).data.id;

  await signInAs(page, PARTNER_PHONE);
  await page.goto(`/account/partner/excursions/edit/${id}`);
  await page.getByLabel('Размер группы, до').fill('8');
  await expect(page.getByText('Сохранено')).toBeVisible();
  const group = page.getByRole('group', { name: 'Минимальная группа' });
  const min = group.getByLabel(/Минимум человек/);
  const hours = group.getByLabel(/Решение за сколько часов до начала/);

  // by keyboard: a minimum above the group size is refused in Russian, at its field, and nothing is saved
  await min.focus();
  await page.keyboard.type('9');
  await expect(group.getByText('Минимум не может быть больше размера группы (8).')).toBeVisible();
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Не сохранено: исправьте отмеченные поля')).toBeVisible();
  await min.fill('');
  await page.keyboard.type('5');
  await hours.fill('');
  await page.keyboard.type('36');
  await expect(page.getByText('Сохранено')).toBeVisible();
  await expect(min).toHaveAttribute('aria-invalid', 'false');
  const box = await group.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  // saved through the api (the form saves itself a moment after the last keystroke)
  await expect
    .poll(async () => {
      const saved = (await (await page.request.get(`/api/excursion/partner/excursions/${id}`, { headers: auth(token) })).json()) as { data: { group_min: number; group_decision_hours: number } };
      return [saved.data.group_min, saved.data.group_decision_hours];
    })
    .toEqual([5, 36]);

  // the calendar shows it for this excursion
  await page.goto('/account/partner/calendar');
  await page.getByLabel('Экскурсия', { exact: true }).selectOption(String(id));
  const panel = page.getByRole('region', { name: 'Минимальная группа' });
  await expect(panel.getByLabel('Минимум человек')).toHaveValue('5');
  await expect(panel.getByLabel('Решение за сколько часов до начала')).toHaveValue('36');
});
