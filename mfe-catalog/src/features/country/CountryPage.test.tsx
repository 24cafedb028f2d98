import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@excursio/shared';
import { geoApi } from '../../api/geo';
import { ok, RUSSIA } from '../../testing/fixtures';
import { heading } from '../../testing/page';
import { city, renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('country page', () => {
  it('shows a country with its cities and regions', async () => {
    const call = jest.spyOn(geoApi, 'country').mockResolvedValue(
      ok({
        ...RUSSIA,
        description: 'Самая большая страна мира.',
        photo_url: '/api/media/country/rossiya/1.svg',
        regions: [{ id: 1, slug: 'tatarstan', name: 'Татарстан', photo_url: '/r.svg', excursions_count: 5 }],
        cities: [city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан', excursions_count: 5 })],
      }),
    );
    renderRoute('/country/rossiya');
    expect(await heading()).toBe('Россия');
    expect(call).toHaveBeenCalledWith('rossiya');
    expect(screen.getByText('Самая большая страна мира.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Города' })).getByRole('link', { name: /Казань/ })).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(within(screen.getByRole('region', { name: 'Регионы' })).getByRole('link', { name: /Татарстан/ })).toHaveAttribute('href', '/excursion/tatarstan');
    expect(screen.getByRole('link', { name: 'Все экскурсии страны' })).toHaveAttribute('href', '/excursion?country=rossiya');
    await waitFor(() => expect(document.title).toBe('Экскурсии: Россия — Excursio'));
  });

  it('turns an unknown country into a 404 route error', async () => {
    jest.spyOn(geoApi, 'country').mockRejectedValue(new ApiError(404, 'Not Found.'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderRoute('/country/atlantida');
    await waitFor(() => expect(router.state.errors).not.toBeNull());
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404, data: 'Page Not Found: /country/atlantida' });
  });
});
