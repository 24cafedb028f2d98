import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { CityCard, RemoteRoutes } from '@excursio/shared';
import { catalogRoutes } from '../features/routing/catalogRoutes';

/** Shows where a test navigated to outside the catalog (the account's order page, …). */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{`${pathname}${search}`}</p>;
}

/** Render the catalog's own route table at a URL, as the shell would mount it at `/`. */
export function renderRoute(url: string, routes: RemoteRoutes = catalogRoutes): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const tree: RouteObject[] = [
    { path: '/', HydrateFallback: () => null, children: routes },
    { path: '/account/*', element: <Elsewhere /> },
  ];
  const router = createMemoryRouter(tree, { initialEntries: [url] });
  return { ...render(<RouterProvider router={router} />), router };
}

export function city(overrides: Partial<CityCard> & Pick<CityCard, 'id' | 'slug' | 'name'>): CityCard {
  return {
    region_slug: 'moskva',
    region_name: 'Москва',
    country_slug: 'rossiya',
    photo_url: `/api/media/city/${overrides.slug}/1.svg`,
    excursions_count: 1,
    ...overrides,
  };
}

export function citiesAnswer(cities: CityCard[]) {
  return { status: true, data: { data: cities } };
}
