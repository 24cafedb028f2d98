import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { excursionsApi } from '../../api/excursions';
import { geoApi } from '../../api/geo';
import { excursionCard, ok, page } from '../../testing/fixtures';
import { city, citiesAnswer, renderRoute } from '../../testing/renderRoute';
import { forgetFilterOptions } from './filterOptions';

const kremlin = excursionCard({ id: 1, slug: 'kreml', title: 'Кремль изнутри', tags: [{ id: 4, slug: 'nochnye', name: 'Ночные' }] });
const boat = excursionCard({ id: 2, slug: 'na-katere', title: 'На катере по реке' });

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

  it('says when nothing matches', async () => {
    jest.spyOn(excursionsApi, 'excursions').mockResolvedValue(ok(page([])));
    renderRoute('/excursion?q=луна');
    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии по запросу «луна»' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ничего не найдено');
    expect(screen.getByText(/По этим условиям экскурсий нет/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  });
});
