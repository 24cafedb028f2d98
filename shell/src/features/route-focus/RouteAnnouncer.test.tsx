import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { RouteAnnouncer } from './RouteAnnouncer';

function Frame() {
  return (
    <>
      <RouteAnnouncer />
      <nav>
        <Link to="/b">Вторая</Link>
        <Link to="/b?sort=price">Вторая по цене</Link>
        <Link to="/late">Медленная</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

/** A page that draws its heading a moment after it is shown (a lazy remote). */
function Late() {
  const [ready, setReady] = useState(false);
  if (!ready) setTimeout(() => setReady(true), 50);
  return ready ? <h1>Медленная страница</h1> : <p>Загрузка…</p>;
}

function start() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/', element: <h1>Главная</h1> },
          { path: '/b', element: <h1>Вторая страница</h1> },
          { path: '/late', element: <Late /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const status = () => screen.getByTestId('route-announcer');

describe('RouteAnnouncer', () => {
  it('leaves the first page to the browser: no focus move, nothing said', async () => {
    start();
    await screen.findByRole('heading', { name: 'Главная' });
    expect(document.activeElement).toBe(document.body);
    expect(status()).toHaveTextContent('');
    expect(status()).toHaveAttribute('aria-live', 'polite');
  });

  it('moves the focus to the new page’s heading and announces it', async () => {
    const router = start();
    await act(() => router.navigate('/b'));
    const heading = await screen.findByRole('heading', { name: 'Вторая страница' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(status()).toHaveTextContent('Вторая страница'));
  });

  it('waits for a heading drawn after the navigation', async () => {
    const router = start();
    await act(() => router.navigate('/late'));
    const heading = await screen.findByRole('heading', { name: 'Медленная страница' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(status()).toHaveTextContent('Медленная страница'));
  });

  it('keeps the focus where it is when only the query changes (filters, sorting)', async () => {
    const router = start();
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(status()).toHaveTextContent('Вторая страница'));
    const link = screen.getByRole('link', { name: 'Вторая по цене' });
    link.focus();
    await act(() => router.navigate('/b?sort=price'));
    expect(document.activeElement).toBe(link);
  });
});
