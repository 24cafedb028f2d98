import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, type ExcursionCard } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { favoriteCalls } from './favoriteCalls';

const card = (id: number, title: string): ExcursionCard => ({
  id,
  slug: `e-${id}`,
  title,
  photo_url: `/api/media/excursion/e-${id}/1.svg`,
  city: { id: 1, slug: 'moskva', name: 'Москва' },
  region: { id: 1, slug: 'moskva-i-podmoskove', name: 'Москва и Подмосковье' },
  price: 2500,
  price_type: 'per_person',
  duration_minutes: 120,
  format: 'group',
  languages: ['ru'],
  rating: 4.8,
  reviews_count: 3,
  instant_booking: false,
  tags: [],
});

afterEach(() => jest.restoreAllMocks());

describe('favorites page', () => {
  it('links to the excursions when nothing is saved', async () => {
    signInAs(undefined, []);
    jest.spyOn(favoriteCalls, 'favoriteExcursions').mockResolvedValue({ status: true, data: [] });
    renderAccount('/account/user/favorite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Избранное' })).toBeInTheDocument();
    expect(screen.getByText(/В избранном пока ничего нет/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Смотреть экскурсии' })).toHaveAttribute('href', '/excursion');
  });

  it('shows the saved excursions as cards and removes one at once', async () => {
    signInAs(undefined, [1, 2]);
    jest.spyOn(favoriteCalls, 'favoriteExcursions').mockResolvedValue({ status: true, data: [card(1, 'Кремль изнутри'), card(2, 'На катере')] });
    // removing is the session's call, on the page's http client
    const remove = jest.spyOn(http, 'request').mockResolvedValue({ status: true, data: [2] });
    renderAccount('/account/user/favorite');
    const kremlin = await screen.findByRole('link', { name: 'Кремль изнутри' });
    expect(kremlin).toHaveAttribute('href', '/excursion/moskva-i-podmoskove/moskva/e-1');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(within(screen.getAllByRole('article')[0]!).getByText(/за человека/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать из избранного: Кремль изнутри' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Кремль изнутри' })).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith('DELETE', '/api/excursion/user/favorite/1');
    expect(screen.getByRole('link', { name: 'На катере' })).toBeInTheDocument();
  });
});
