import { screen, waitFor, within } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';

describe('account main page', () => {
  it('greets the customer with the name and phone and links every section', async () => {
    signInAs(undefined, [3, 5, 8]);
    renderAccount('/account/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Анна Смирнова!' })).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-01')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(nav).getByRole('link', { name: /Избранное/ })).toHaveTextContent('3 экскурсии');
    expect(within(nav).getByRole('link', { name: /Избранное/ })).toHaveAttribute('href', '/account/user/favorite');
    expect(within(nav).getByRole('link', { name: /Билеты/ })).toHaveAttribute('href', '/account/user/ticket');
    expect(within(nav).getByRole('link', { name: /Уведомления/ })).toHaveAttribute('href', '/account/user/notification');
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    await waitFor(() => expect(document.title).toBe('Личный кабинет — Excursio'));
  });

  it('says the favorites are empty when they are', async () => {
    signInAs(undefined, []);
    renderAccount('/account/user');
    const link = await screen.findByRole('link', { name: /Избранное/ });
    expect(link).toHaveTextContent('Пока пусто');
  });
});
