import { screen, waitFor } from '@testing-library/react';
import { renderAccount, signInAs } from '../testing/renderAccount';

beforeEach(() => signInAs());

describe('partner account page frame', () => {
  it.each([
    ['/account/partner/static', 'Статистика'],
    ['/account/partner/reviews', 'Отзывы'],
    ['/account/partner/support', 'Поддержка'],
    ['/account/partner/calendar', 'Календарь'],
    ['/account/partner/calendarold', 'Календарь (старая версия)'],
    ['/account/partner/31', 'Событие №31'],
    ['/account/partner/order/7', 'Заказ №7'],
    ['/account/partner/excursions', 'Мои экскурсии'],
    ['/account/partner/excursions/add', 'Новая экскурсия'],
    ['/account/partner/excursions/edit/12', 'Редактирование экскурсии №12'],
    ['/account/partner/excursions/edit/12old', 'Редактирование экскурсии №12 (старая версия)'],
    ['/account/partner/excursions/edit/closed_fields/12', 'Изменение закрытых полей №12'],
  ])('%s: h1 and document title «%s»', async (url, heading) => {
    renderAccount(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} — Excursio`));
  });
});
