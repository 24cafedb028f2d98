import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Pager } from './Pager';
import { pageWindow, withPage } from './pagination';

describe('page window', () => {
  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('writes the page into the query, dropping it for page 1', () => {
    expect(withPage('?sort=price_asc&page=3', 4)).toBe('?sort=price_asc&page=4');
    expect(withPage('?sort=price_asc&page=3', 1)).toBe('?sort=price_asc');
    expect(withPage('', 1)).toBe('');
  });
});

describe('Pager', () => {
  it('links the pages with the other query parameters kept', () => {
    const router = createMemoryRouter([{ path: '/excursion', element: <Pager current={2} last={5} /> }], {
      initialEntries: ['/excursion?sort=rating&page=2'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: '‹ Назад' })).toHaveAttribute('href', '/excursion?sort=rating');
    expect(screen.getByRole('link', { name: 'Дальше ›' })).toHaveAttribute('href', '/excursion?sort=rating&page=3');
    expect(screen.getByRole('link', { name: 'Страница 5' })).toHaveAttribute('href', '/excursion?sort=rating&page=5');
    expect(screen.getByText('2')).toHaveAttribute('aria-current', 'page');
  });

  it('is absent for a single page', () => {
    const router = createMemoryRouter([{ path: '/', element: <Pager current={1} last={1} /> }]);
    const { container } = render(<RouterProvider router={router} />);
    expect(container.querySelector('nav')).toBeNull();
  });
});
