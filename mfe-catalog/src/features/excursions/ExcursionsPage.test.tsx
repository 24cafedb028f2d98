import type { SearchResults } from '@excursio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { excursionsApi } from '../../api/excursions';
import { geoApi } from '../../api/geo';
import { searchApi } from '../../api/search';
import { excursionCard, ok, page } from '../../testing/fixtures';
import { city, citiesAnswer, renderRoute } from '../../testing/renderRoute';
import { forgetFilterOptions } from './filterOptions';

const kremlin = excursionCard({ id: 1, slug: 'kreml', title: 'Кремль изнутри', tags: [{ id: 4, slug: 'nochnye', name: 'Ночные' }] });
const boat = excursionCard({ id: 2, slug: 'na-katere', title: 'На катере по реке' });

const place = (p: Partial<SearchResults['nearest'][number]> & Pick<SearchResults['nearest'][number], 'kind' | 'id' | 'slug' | 'name' | 'path'>) => ({
  context: '',
  photo_url: '/p.svg',
  excursions_count: 3,
  ...p,
});
const searchResults = (r: Partial<SearchResults>): SearchResults => ({
  query: { text: 'луна', corrected: null },
  destinations: [],
  excursions: page([]) as SearchResults['excursions'],
  facets: { cities: [], formats: [], durations: [], prices: [] },
  nearest: [],
  ...r,
});

beforeEach(() => {
  forgetFilterOptions();
  jest.spyOn(geoApi, 'countries').mockResolvedValue(ok([{ id: 1, slug: 'rossiya', name: 'Россия', photo_url: '/c.svg', excursions_count: 40 }]));
  jest.spyOn(geoApi, 'cities').mockResolvedValue(
    citiesAnswer([city({ id: 1, slug: 'moskva', name: 'Москва', region_slug: 'moskva-i-podmoskove' }), city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan' })]),
  );
});
afterEach(() => jest.restoreAllMocks());

describe('all excursions', () => {
  it('lists what the address asks for, with the count, sorting and pages', async () => {
    const list = jest.spyOn(excursionsApi, 'excursions').mockResolvedValue(ok(page([kremlin, boat], 2, 5)));
    renderRoute('/excursion?sort=price_asc&page=2&language=en');

    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ per_page: 24, sort: 'price_asc', page: 2, language: 'en' }, expect.anything());
    expect(screen.getByRole('status')).toHaveTextContent('Найдено 98 экскурсий');
    const grid = screen.getByRole('list', { name: 'Экскурсии' });
    expect(within(grid).getByRole('link', { name: 'Кремль изнутри' })).toHaveAttribute('href', '/excursion/moskva/moskva/kreml');
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price_asc');
    expect(screen.getByRole('combobox', { name: 'Язык' })).toHaveValue('en');
    expect(screen.getByRole('link', { name: 'Дальше ›' })).toHaveAttribute('href', '/excursion?sort=price_asc&page=3&language=en');
    await waitFor(() => expect(document.title).toBe('Экскурсии — Excursio'));
  });

  it('puts a changed filter or sort into the address and goes back to page 1', async () => {
    const list = jest.spyOn(excursionsApi, 'excursions').mockResolvedValue(ok(page([kremlin], 3, 5)));
    const { router } = renderRoute('/excursion?page=3');
    await screen.findByRole('heading', { level: 1 });

    fireEvent.change(screen.getByRole('combobox', { name: 'Город' }), { target: { value: 'moskva-i-podmoskove/moskva' } });
    await waitFor(() => expect(router.state.location.search).toBe('?region=moskva-i-podmoskove&city=moskva'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ per_page: 24, region: 'moskva-i-podmoskove', city: 'moskva' }, expect.anything()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии: Москва' })).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Сортировка' }), { target: { value: 'rating' } });
    await waitFor(() => expect(router.state.location.search).toBe('?region=moskva-i-podmoskove&city=moskva&sort=rating'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Цена от' }), { target: { value: '1 500' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Цена от' }));
    await waitFor(() => expect(router.state.location.search).toContain('price_min=1500'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Длительность' }), { target: { value: '120-240' } });
    await waitFor(() => expect(router.state.location.search).toContain('duration_min=120&duration_max=240'));

    const reset = screen.getByRole('link', { name: 'Сбросить фильтры' });
    expect(reset).toHaveAttribute('href', '/excursion?sort=rating');
    fireEvent.click(reset);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=rating'));
  });

  it('offers the tags of the excursions found and keeps the chosen one', async () => {
    jest.spyOn(excursionsApi, 'excursions').mockResolvedValue(ok(page([kremlin, boat])));
    renderRoute('/excursion?tag=nochnye');
    const tags = await screen.findByRole('combobox', { name: 'Тема' });
    expect(within(tags).getAllByRole('option').map((o) => o.textContent)).toEqual(['Любая', 'Ночные', 'Обзорные']);
    expect(tags).toHaveValue('nochnye');
  });

  it('says when nothing matches a search, and offers the nearest destinations', async () => {
    const results = jest.spyOn(searchApi, 'results').mockResolvedValue(
      ok(searchResults({ excursions: page([]), nearest: [place({ kind: 'city', id: 3, slug: 'luga', name: 'Луга', path: '/excursion/lo/luga' })] })),
    );
    renderRoute('/excursion?q=луна');
    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии по запросу «луна»' })).toBeInTheDocument();
    expect(results).toHaveBeenCalledWith({ per_page: 24, q: 'луна' }, expect.anything());
    expect(screen.getByRole('status')).toHaveTextContent('Ничего не найдено');
    expect(screen.getByText(/По запросу «луна» экскурсий не нашлось/)).toBeInTheDocument();
    const nearest = screen.getByRole('list', { name: 'Ближайшие направления' });
    expect(within(nearest).getByRole('link', { name: /Луга/ })).toHaveAttribute('href', '/excursion/lo/luga');
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  });

  it('shows a search: the corrected query, destinations, marked words as text, and facet links that set the filters', async () => {
    const hit = {
      ...kremlin,
      title: 'Кремль <b>изнутри</b>',
      title_parts: [
        { text: 'Кремль', match: true },
        { text: ' <b>изнутри</b>', match: false },
      ],
      snippet_parts: [
        { text: 'Белые стены ', match: false },
        { text: 'кремля', match: true },
      ],
    };
    jest.spyOn(searchApi, 'results').mockResolvedValue(
      ok(
        searchResults({
          query: { text: 'rhtvkm', corrected: 'кремль' },
          destinations: [place({ kind: 'sight', id: 7, slug: 'moskovskiy-kreml', name: 'Московский Кремль', context: 'Москва', path: '/excursion/sight/moskovskiy-kreml' })],
          excursions: page([hit], 1, 1),
          facets: {
            cities: [{ slug: 'moskva', region_slug: 'moskva-i-podmoskove', name: 'Москва', count: 1 }],
            formats: [{ value: 'group', count: 1 }],
            durations: [{ min: 120, max: 240, count: 1 }],
            prices: [{ min: 2000, max: 4999, count: 1 }],
          },
        }),
      ),
    );
    const { router } = renderRoute('/excursion?q=rhtvkm');
    expect(await screen.findByText('кремль', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/Показаны результаты для/)).toHaveTextContent('Показаны результаты для «кремль»');
    const places = screen.getByRole('list', { name: 'Места' });
    expect(within(places).getByRole('link', { name: /Московский Кремль/ })).toHaveAttribute('href', '/excursion/sight/moskovskiy-kreml');
    expect(within(places).getByRole('link', { name: /Московский Кремль/ })).toHaveTextContent('Достопримечательность · Москва · 3 экскурсии');

    const title = screen.getByRole('link', { name: 'Кремль <b>изнутри</b>' });
    expect(title.querySelector('mark')).toHaveTextContent('Кремль');
    expect(title.querySelector('b')).toBeNull();
    expect(screen.getByText('кремля', { selector: 'mark' })).toBeInTheDocument();

    const facets = screen.getByRole('navigation', { name: 'Уточнить поиск' });
    expect(within(facets).getByRole('link', { name: 'Москва 1' })).toHaveAttribute('href', '/excursion?q=rhtvkm&region=moskva-i-podmoskove&city=moskva');
    expect(within(facets).getByRole('link', { name: '2–4 часа 1' })).toHaveAttribute('href', '/excursion?q=rhtvkm&duration_min=120&duration_max=240');
    fireEvent.click(within(facets).getByRole('link', { name: /^Групповая/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=rhtvkm&format=group'));
  });
});
