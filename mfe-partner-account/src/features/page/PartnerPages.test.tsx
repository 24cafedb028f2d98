import { screen, waitFor, within } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';

beforeEach(() => signInAs());

describe('partner pages', () => {
  it('greets the partner with the name and phone and links every section', async () => {
    renderAccount('/account/partner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Михаил Орлов!' })).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-02')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(nav).getByRole('link', { name: /Статистика/ })).toHaveAttribute('href', '/account/partner/static');
    expect(within(nav).getByRole('link', { name: /Мои экскурсии/ })).toHaveAttribute('href', '/account/partner/excursions');
    expect(within(nav).getAllByRole('link')).toHaveLength(7);
    await waitFor(() => expect(document.title).toBe('Кабинет партнёра — Excursio'));
  });

  it('shows the profile read-only', async () => {
    renderAccount('/account/partner/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByText('Михаил Орлов')).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-02')).toBeInTheDocument();
  });

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
  ])('%s is titled «%s»', async (url, heading) => {
    renderAccount(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} — Excursio`));
  });
});
