// Issue 27, moderation in the back office, each journey across two browsers: a partner submits an excursion, a
// moderator approves it and it is in the catalog; a closed-field change rejected with a template reaches the partner
// live with the comment.
import { expect, test, type Page } from '../support/test';
import { devToken, PARTNER_PHONE } from '../support/app';
import { moderationTemplate, staffPage } from '../support/backoffice';
import { auth, signedIn } from '../support/orders';
import { CAMERA_JPEG, MORE_JPEGS } from '../support/photos';

/** The partner's new excursion, filled in and sent to moderation through the partner's own pages. */
async function submitExcursion(partner: Page, title: string): Promise<number> {
  await partner.goto('/account/partner/excursions/add');
  const start = partner.getByRole('form', { name: 'Новая экскурсия' });
  await start.getByLabel('Название (можно изменить до публикации)').fill(title);
  await start.getByLabel('Город').selectOption({ label: 'Москва' });
  await start.getByRole('button', { name: 'Создать черновик' }).click();
  await expect(partner).toHaveURL(/\/account\/partner\/excursions\/edit\/\d+$/);
  const id = Number(partner.url().split('/').pop());
  await partner.getByLabel('Описание').fill('Прогулка по дворам и переулкам Замоскворечья: купеческие усадьбы, старые церкви и тихие набережные. '.repeat(3));
  await partner.getByLabel('Программа').fill('Встреча у метро «Новокузнецкая»\nКупеческие усадьбы\nНабережная');
  await partner.getByLabel('Место встречи').fill('Выход из метро «Новокузнецкая»');
  await partner.getByLabel('Продолжительность, минут').fill('120');
  await partner.getByLabel('Цена 1').fill('1900');
  await expect(partner.getByText('Сохранено')).toBeVisible();
  // three photos at least
  for (const [i, file] of [CAMERA_JPEG, ...MORE_JPEGS].entries()) {
    await partner.getByLabel('Добавить фото').setInputFiles(file);
    await expect(partner.getByRole('img', { name: new RegExp(`^Фото ${i + 1}`) })).toBeVisible();
  }
  await partner.getByRole('button', { name: 'Отправить на модерацию' }).click();
  await expect(partner.getByText('Экскурсия отправлена на модерацию')).toBeVisible();
  return id;
}

test('a partner submits an excursion, a moderator approves it in the back office, it is in the catalog', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Дворы Замоскворечья ${Date.now().toString(36)}`;
  const partner = await signedIn(browser, PARTNER_PHONE);
  const moderator = await staffPage(browser);
  // the moderator's queue is open before the excursion arrives: it appears there live, with no reload
  // (a client-side move keeps the realtime connection staffPage waited for)
  await moderator.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Модерация' }).click();
  await expect(moderator).toHaveURL('/backoffice/moderation');
  await expect(moderator.getByRole('heading', { level: 1 })).toBeVisible();
  await moderator.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const id = await submitExcursion(partner, title);
  await expect(moderator.getByRole('link', { name: title })).toBeVisible();
  expect(await moderator.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await moderator.getByRole('link', { name: title }).click();
  await expect(moderator).toHaveURL(`/backoffice/moderation/excursions/${id}`);
  await expect(moderator.getByText(/^Вы, до \d\d:\d\d$/)).toBeVisible();
  await expect(moderator.getByRole('img', { name: 'Фото 1 — открыть оригинал' })).toBeVisible();
  await moderator.getByRole('button', { name: 'Одобрить' }).click();
  await expect(moderator).toHaveURL('/backoffice/moderation');
  await expect(moderator.getByRole('link', { name: title })).toHaveCount(0);

  // the partner's notification arrives live; the excursion is in the catalog
  await partner.goto('/account/partner/notification');
  await expect(partner.getByText(`Экскурсия «${title}» опубликована и видна в каталоге.`)).toBeVisible();
  await partner.goto(`/account/partner/excursions/edit/${id}`);
  await expect(partner.getByText('Опубликована', { exact: true })).toBeVisible();
  await partner.getByRole('link', { name: 'Открыть в каталоге' }).click();
  await expect(partner.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a closed-field change rejected with a template: the partner reads the comment live', async ({ browser }) => {
  test.setTimeout(120_000);
  const partner = await signedIn(browser, PARTNER_PHONE);
  const moderator = await staffPage(browser);
  const comment = 'Название должно описывать маршрут, без рекламы и эмодзи.';
  await moderationTemplate(moderator.request, 'Название не по правилам', comment);

  const token = await devToken(partner.request, PARTNER_PHONE);
  const mine = (await (await partner.request.get('/api/excursion/partner/excursions', { headers: auth(token) })).json()) as {
    data: Array<{ id: number; status: string; title: string; pending_change?: unknown }>;
  };
  const excursion = mine.data.find((e) => e.status === 'published')!;
  const proposed = `${excursion.title} — лучшая!!!`;
  await partner.goto(`/account/partner/excursions/edit/closed_fields/${excursion.id}`);
  const proposal = partner.getByRole('form', { name: 'Предложить изменение' });
  await proposal.getByLabel('Название').fill(proposed);
  await proposal.getByRole('button', { name: 'Отправить на модерацию' }).click();
  await expect(partner.getByRole('status').filter({ hasText: 'Изменение на модерации' })).toBeVisible();
  await partner.goto('/account/partner/notification');

  await moderator.goto('/backoffice/moderation?kind=change');
  await moderator.getByRole('link', { name: excursion.title }).first().click();
  // current and proposed side by side, the added words marked
  const row = moderator.getByRole('row', { name: /Название/ });
  await expect(row.locator('ins')).toContainText('лучшая!!!');
  await moderator.getByLabel('Шаблон').selectOption({ label: 'Название не по правилам' });
  await expect(moderator.getByLabel('Комментарий партнёру')).toHaveValue(comment);
  await moderator.getByRole('button', { name: 'Отклонить' }).click();
  await expect(moderator).toHaveURL('/backoffice/moderation');

  await expect(partner.getByText(`Изменение экскурсии «${excursion.title}» не принято: ${comment}`)).toBeVisible();
});
