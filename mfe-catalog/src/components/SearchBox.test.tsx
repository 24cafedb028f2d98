import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { searchApi } from '../api/search';
import { city } from '../testing/renderRoute';
import { MOSKVA, MOSKVA_REGION } from '../testing/fixtures';
import { formDataFromJsdomForms } from '../testing/formData';
import { SearchBox } from './SearchBox';

formDataFromJsdomForms();

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => jest.restoreAllMocks());

describe('SearchBox', () => {
  beforeEach(() => {
    jest.spyOn(searchApi, 'suggest').mockResolvedValue({
      status: true,
      data: {
        cities: [city({ id: 1, slug: 'moskva', name: 'Москва', region_slug: 'moskva-i-podmoskove', region_name: 'Москва и Подмосковье' })],
        places: [],
        excursions: [{ id: 5, slug: 'kreml', title: 'Кремль изнутри', photo_url: '/x.svg', city: MOSKVA, region: MOSKVA_REGION }],
        corrected: null,
      },
    });
  });

  it('suggests cities and excursions while typing and opens the chosen one with the keyboard', async () => {
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Город или экскурсия' });
    fireEvent.change(box, { target: { value: 'мо' } });
    const options = await screen.findAllByRole('option');
    expect(searchApi.suggest).toHaveBeenCalledWith('мо', expect.any(AbortSignal));
    expect(options.map((o) => o.textContent)).toEqual(['МоскваГород · Москва и Подмосковье', 'Кремль изнутриЭкскурсия · Москва']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/excursion/moskva/moskva/kreml'));
  });

  it('asks nothing for one letter and searches the catalog on Enter', async () => {
    renderSearch();
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'к' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(searchApi.suggest).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'кремль ночью' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/excursion?q=%D0%BA%D1%80%D0%B5%D0%BC%D0%BB%D1%8C%20%D0%BD%D0%BE%D1%87%D1%8C%D1%8E'));
  });

  it('is a plain search form too: before the page’s scripts run, the browser submits it as /excursion?q=…', () => {
    renderSearch();
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/excursion');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('combobox')).toHaveAttribute('name', 'q');
  });

  it('suggests sights and guides too, and says which text the suggestions are for', async () => {
    jest.spyOn(searchApi, 'suggest').mockResolvedValue({
      status: true,
      data: {
        cities: [],
        places: [
          { kind: 'sight', id: 7, slug: 'ermitazh', name: 'Эрмитаж', context: 'Санкт-Петербург', path: '/excursion/sight/ermitazh', photo_url: '/s.svg', excursions_count: 4 },
        ],
        excursions: [],
        corrected: 'эрмитаж',
      },
    });
    renderSearch();
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: "'hvbnf;" } });
    const option = await screen.findByRole('option', { name: /^Эрмитаж/ });
    expect(option).toHaveTextContent('ЭрмитажДостопримечательность · Санкт-Петербург');
    expect(screen.getByText('Подсказки для «эрмитаж»')).toHaveAttribute('aria-live', 'polite');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/excursion/sight/ermitazh'));
  });

  it('opens a suggestion by click', async () => {
    renderSearch();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'мос' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Москва/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/excursion/moskva-i-podmoskove/moskva'));
  });
});
