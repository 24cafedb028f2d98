import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session, type UserType } from '@excursio/shared';
import { partnerNotificationRoutes, userNotificationRoutes } from '../features/routing/notificationRoutes';

export function signInAs(userType: UserType): void {
  session.token = 'token';
  session.profile = { id: 9, name: 'Тест', phone: '79990000009', user_type: userType, avatar_path: null };
}

/** Each area's routes under its account mount, as the shell mounts them. */
export function renderPage(url: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      { path: '/account/user', HydrateFallback: () => null, children: userNotificationRoutes },
      { path: '/account/partner', HydrateFallback: () => null, children: partnerNotificationRoutes },
      { path: '*', element: <p>Другая страница</p> },
    ],
    { initialEntries: [url] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

/** A widget inside the shell's router. */
export function renderWidget(element: ReactElement): RenderResult {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '*', element: <p>Другая страница</p> },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}
