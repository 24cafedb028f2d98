import { screen, waitFor } from '@testing-library/react';
import { guidesApi } from '../../api/guides';
import { excursionCard, guideCard, MOSKVA, MOSKVA_REGION, ok, review } from '../../testing/fixtures';
import { crumbs, heading } from '../../testing/page';
import { renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('guide pages', () => {
  it('shows a guide with excursions and reviews', async () => {
    jest.spyOn(guidesApi, 'guide').mockResolvedValue(
      ok({
        ...guideCard({ id: 4, slug: 'andrey-sokolov', name: 'Андрей Соколов' }),
        bio: 'Историк и москвовед.',
        reviews_count: 1,
        excursions: [excursionCard({ id: 5, slug: 'kreml', title: 'Кремль изнутри' })],
        reviews: [review({ id: 1, text: 'Очень интересно' })],
      }),
    );
    renderRoute('/excursion/guides/andrey-sokolov');
    expect(await heading()).toBe('Андрей Соколов');
    expect(screen.getByText('Историк и москвовед.')).toBeInTheDocument();
    expect(screen.getByText('русский, английский')).toBeInTheDocument();
    expect(screen.getByText('Очень интересно')).toBeInTheDocument();
    expect(crumbs().getByRole('link', { name: 'Гиды: Москва' })).toHaveAttribute('href', '/excursion/guides/regions/moskva');
    await waitFor(() => expect(document.title).toBe('Гид Андрей Соколов — Excursio'));
  });

  it('lists the guides of a city', async () => {
    const call = jest.spyOn(guidesApi, 'guidesByPlace').mockResolvedValue(ok({ region: MOSKVA_REGION, city: MOSKVA, guides: [guideCard({ id: 4, slug: 'andrey-sokolov', name: 'Андрей Соколов' })] }));
    renderRoute('/excursion/guides/regions/moskva/moskva');
    expect(await heading()).toBe('Гиды: Москва');
    expect(call).toHaveBeenCalledWith('moskva/moskva');
    expect(screen.getByRole('link', { name: /Андрей Соколов/ })).toBeInTheDocument();
  });
});
