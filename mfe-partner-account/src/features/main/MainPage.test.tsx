import { screen, waitFor, within } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';

describe('partner main page', () => {
  it('greets the partner with the name and phone and links every section', async () => {
    signInAs();
    renderAccount('/account/partner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Здравствуйте, Михаил Орлов!' })).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-02')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(nav).getByRole('link', { name: /Статистика/ })).toHaveAttribute('href', '/account/partner/static');
    expect(within(nav).getByRole('link', { name: /Мои экскурсии/ })).toHaveAttribute('href', '/account/partner/excursions');
    expect(within(nav).getAllByRole('link')).toHaveLength(7);
    await waitFor(() => expect(document.title).toBe('Кабинет партнёра — Excursio'));
  });
});
