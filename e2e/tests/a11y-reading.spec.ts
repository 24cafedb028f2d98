// Issue 17: what a screen reader is given — the accessibility tree Chromium builds — for the sign-in and the order
// form. Each field has its name, the PIN boxes are one group «Код из 4 цифр» described by where the code comes from,
// the date grid is a grid of named days, the participants are named steppers, the price is a list of terms.
import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, signInAs } from '../support/app';
import { freshPhone } from '../support/outbox';
import { slugPublicRoutes } from '../support/routes';

test('the sign-in dialog reads as a named dialog with a labelled phone field, then one PIN group', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await expect(dialog.getByRole('textbox', { name: 'Номер телефона' })).toBeFocused();
  await expect(dialog).toMatchAriaSnapshot(`
    - dialog "Вход в Excursio":
      - heading "Вход в Excursio" [level=2]
      - button "Закрыть"
      - form "Вход по номеру телефона":
        - heading "Вход или регистрация" [level=2]
        - combobox "Страна"
        - textbox "Номер телефона"
        - button /Продолжить|Получить код|Войти/
  `);

  // the push goes unanswered: the call comes, and its last 4 digits are asked for
  await page.keyboard.type(freshPhone().slice(1));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Введите последние 4 цифры номера' })).toBeVisible({ timeout: 15_000 });
  const pin = dialog.getByRole('group', { name: 'Код из 4 цифр' });
  await expect(pin).toHaveAccessibleDescription('Последние 4 цифры входящего номера');
  await expect(dialog.getByRole('textbox', { name: 'Цифра 1 из 4' })).toBeFocused();
  await expect(dialog).toMatchAriaSnapshot(`
    - dialog "Вход в Excursio":
      - heading "Введите последние 4 цифры номера" [level=2]
      - paragraph: /поступит звонок/
      - group "Код из 4 цифр":
        - textbox "Цифра 1 из 4"
        - textbox "Цифра 2 из 4"
        - textbox "Цифра 3 из 4"
        - textbox "Цифра 4 из 4"
      - button /Новый запрос через/
      - button "Изменить номер"
  `);
});

test('the order form reads as named regions, a date grid, steppers and labelled fields', async ({ page, request }) => {
  await signInAs(page, CUSTOMER_PHONE);
  const paths = await slugPublicRoutes(request);
  await page.goto(paths.find((p) => p.endsWith('/order'))!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оформление заказа');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - main:
      - navigation "Навигационная цепочка"
      - heading "Оформление заказа" [level=1]
      - region "Дата и время":
        - heading "Дата и время" [level=2]
        - button "Предыдущий месяц"
        - button "Следующий месяц"
        - grid:
          - rowgroup:
            - row:
              - columnheader "Пн"
        - list /^Время /:
          - listitem:
            - button /\\d\\d:\\d\\d осталось \\d+ мест/
      - group "Участники":
        - list:
          - listitem:
            - group "Взрослый":
              - 'button "Уменьшить: Взрослый"'
              - status
              - 'button "Увеличить: Взрослый"'
      - group "Контакты":
        - textbox "Имя"
        - textbox "Телефон"
      - textbox "Комментарий для гида"
      - complementary:
        - heading "Стоимость" [level=2]
        - term: Итого
        - button "Отправить заказ"
  `);
  // the grid's days say their date and whether there are seats; the chosen day is the selected cell
  await expect(page.getByRole('gridcell', { selected: true }).getByRole('button')).toHaveAccessibleName(/^\S+, \d+ \S+: есть места$/);
});
