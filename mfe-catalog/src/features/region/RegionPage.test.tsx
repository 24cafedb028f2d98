import { screen } from '@testing-library/react';
import { geoApi } from '../../api/geo';
import { excursionCard, ok, RUSSIA } from '../../testing/fixtures';
import { crumbs, heading } from '../../testing/page';
import { city, renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('region page', () => {
  it('shows a region with its cities and popular excursions', async () => {
    jest.spyOn(geoApi, 'region').mockResolvedValue(
      ok({
        id: 1,
        slug: 'tatarstan',
        name: 'Татарстан',
        description: '',
        photo_url: '/r.svg',
        country: RUSSIA,
        cities: [city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', excursions_count: 3 })],
        excursions: [excursionCard({ id: 9, slug: 'kremlin', title: 'Казанский кремль' })],
      }),
    );
    renderRoute('/excursion/tatarstan');
    expect(await heading()).toBe('Татарстан');
    expect(crumbs().getByRole('link', { name: 'Россия' })).toHaveAttribute('href', '/country/rossiya');
    expect(screen.getByRole('link', { name: /Казань/ })).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(screen.getByRole('link', { name: 'Казанский кремль' })).toBeInTheDocument();
  });
});
