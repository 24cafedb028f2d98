import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { session, type Profile } from '@excursio/shared';
import { userRoutes } from '../features/routing/userRoutes';

export const ANNA: Profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };

/** Sign the shared session in as a customer (what the shell's guard guarantees for these pages). */
export function signInAs(profile: Profile = ANNA, favorites: number[] = []): void {
  // The shell restored the session long before a page loads; here it is already set.
  jest.spyOn(session, 'restore').mockResolvedValue();
  session.token = 'token';
  session.profile = profile;
  session.favorites = favorites;
}

/**
 * Import every page before the file's tests run. A route's first import transforms and evaluates its page tree; on a
 * loaded CI machine that alone outlasted a first `findBy` (1 s), and the page was still an empty fallback.
 */
beforeAll(async () => {
  await Promise.all(userRoutes.map((route) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
}, 30_000);

/** Mount the account routes where the shell mounts them. */
export function renderAccount(url: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const tree: RouteObject[] = [{ path: '/account/user', HydrateFallback: () => null, children: userRoutes }];
  const router = createMemoryRouter(tree, { initialEntries: [url] });
  return { ...render(<RouterProvider router={router} />), router };
}
