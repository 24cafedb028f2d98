import { screen, waitFor, within } from '@testing-library/react';
import { geoApi } from '../../api/geo';
import { citiesAnswer, city, renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('/excursion/cities', () => {
  it('lists every city under its region', async () => {
    const cities = jest.spyOn(geoApi, 'cities').mockResolvedValue(
      citiesAnswer([
        city({ id: 1, slug: 'sochi', name: 'Сочи', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край', excursions_count: 5 }),
        city({ id: 2, slug: 'moskva', name: 'Москва', excursions_count: 40 }),
        city({ id: 3, slug: 'anapa', name: 'Анапа', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край', excursions_count: 2 }),
      ]),
    );
    renderRoute('/excursion/cities');

    expect(await screen.findByRole('heading', { level: 1, name: 'Города' })).toBeInTheDocument();
    const krai = await screen.findByRole('region', { name: 'Краснодарский край' });
    expect(cities).toHaveBeenCalledWith(100);
    expect(within(krai).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Анапа2 экскурсии', 'Сочи5 экскурсий']);
    expect(within(krai).getByRole('link', { name: 'Сочи' })).toHaveAttribute('href', '/excursion/krasnodarskiy-kray/sochi');
    expect(within(krai).getByRole('link', { name: 'Краснодарский край' })).toHaveAttribute('href', '/excursion/krasnodarskiy-kray');
    const moscow = screen.getByRole('region', { name: 'Москва' });
    expect(within(moscow).queryByText('Сочи')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Краснодарский край', 'Москва']);
    await waitFor(() => expect(document.title).toBe('Все города — Excursio'));
  });

  it('leaves the list out silently when the call fails', async () => {
    jest.spyOn(geoApi, 'cities').mockRejectedValue(new Error('down'));
    renderRoute('/excursion/cities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Города' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Загружаем города…')).not.toBeInTheDocument());
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });
});
