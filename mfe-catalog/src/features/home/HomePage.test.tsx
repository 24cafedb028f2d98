import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@excursio/shared';
import { citiesAnswer, city, renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('index page', () => {
  it('shows the hero and the popular cities from the api', async () => {
    const cities = jest.spyOn(api, 'cities').mockResolvedValue(
      citiesAnswer([
        city({ id: 1, slug: 'moskva', name: 'Москва', excursions_count: 21 }),
        city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан', excursions_count: 3 }),
        city({ id: 3, slug: 'sochi', name: 'Сочи', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край', excursions_count: 11 }),
      ]),
    );
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Популярные города' });
    const kazan = await within(section).findByRole('link', { name: /Казань/ });
    expect(cities).toHaveBeenCalledWith(10);
    expect(kazan).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(kazan).toHaveTextContent('Татарстан');
    expect(kazan).toHaveTextContent('3 экскурсии');
    expect(within(section).getByRole('link', { name: /Москва/ })).toHaveTextContent('21 экскурсия');
    expect(within(section).getByRole('link', { name: /Сочи/ })).toHaveTextContent('11 экскурсий');

    const img = within(kazan).getByRole('img', { name: 'Казань' });
    expect(img).toHaveAttribute('src', '/api/media/city/kazan/1.svg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    await waitFor(() => expect(document.title).toBe('Экскурсии с местными гидами — Excursio'));
  });

  it('shows a skeleton of the same tiles while the cities load', async () => {
    jest.spyOn(api, 'cities').mockReturnValue(new Promise(() => undefined));
    const { container } = renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Популярные города' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('.cat-city--skeleton')).toHaveLength(10);
  });

  it('hides the section, without a message, when the call fails', async () => {
    const cities = jest.spyOn(api, 'cities').mockRejectedValue(new Error('down'));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(cities).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Популярные города')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
