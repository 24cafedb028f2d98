import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Widgets live inside the shell's router; tests give them one. */
export function renderInRouter(element: ReactElement, url = '/'): RenderResult {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '*', element: <p>Другая страница</p> },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}
