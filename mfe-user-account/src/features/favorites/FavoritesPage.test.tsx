import { screen } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';

describe('favorites page', () => {
  it('links to the excursions when nothing is saved', async () => {
    signInAs(undefined, []);
    renderAccount('/account/user/favorite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Избранное' })).toBeInTheDocument();
    expect(screen.getByText(/В избранном пока ничего нет/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Смотреть экскурсии' })).toHaveAttribute('href', '/excursion');
  });

  it('counts the saved excursions', async () => {
    signInAs(undefined, [1, 2, 3, 4, 5]);
    renderAccount('/account/user/favorite');
    expect(await screen.findByText('В избранном 5 экскурсий.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Смотреть экскурсии' })).not.toBeInTheDocument();
  });
});
