import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session, type Profile } from '@excursio/shared';
import { partnerRoutes } from '../features/routing/partnerRoutes';

export const MIKHAIL: Profile = { id: 2, name: 'Михаил Орлов', phone: '79990000002', user_type: 'partner', avatar_path: null };

/** Sign the shared session in as a partner (what the shell's guard guarantees for these pages). */
export function signInAs(profile: Profile = MIKHAIL, favorites: number[] = []): void {
  session.token = 'token';
  session.profile = profile;
  session.favorites = favorites;
}

/**
 * Import every page before the file's tests run. A route's first import transforms and evaluates its page tree; on a
 * loaded CI machine that alone outlasted a first `findBy` (1 s), and the page was still an empty fallback.
 */
beforeAll(async () => {
  await Promise.all(partnerRoutes.map((route) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
}, 30_000);

/** Mount the account routes where the shell mounts them. */
export function renderAccount(url: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter([{ path: '/account/partner', HydrateFallback: () => null, children: partnerRoutes }], {
    initialEntries: [url],
  });
  return { ...render(<RouterProvider router={router} />), router };
}
