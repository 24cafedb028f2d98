import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { runInAction } from 'mobx';
import { session, type Profile } from '@excursio/shared';
import { userRoutes } from '../features/routing/userRoutes';

export const ANNA: Profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };

/** Sign the shared session in as a customer (what the shell's guard guarantees for these pages). */
export function signInAs(profile: Profile = ANNA, favorites: number[] = []): void {
  runInAction(() => {
    session.token = 'token';
    session.profile = profile;
    session.favorites = favorites;
  });
}

/** Mount the account routes where the shell mounts them. */
export function renderAccount(url: string): RenderResult {
  const router = createMemoryRouter([{ path: '/account/user', HydrateFallback: () => null, children: userRoutes }], {
    initialEntries: [url],
  });
  return render(<RouterProvider router={router} />);
}
