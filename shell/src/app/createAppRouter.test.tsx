import { act, render, screen, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, useMatches } from 'react-router';
import { createEventBus, type Profile } from '@excursio/shared';
import { RouteErrorScreen } from '../features/error-page/RouteErrorScreen';
import { selectLayout } from '../features/layouts/selectLayout';
import { client, fakeLoadRemote, fakeRemotes, fakeSession, memoryRouterAt, partner, staff } from '../test/fakes';
import { MOUNTS } from '../features/mounts/mountTable.mjs';
import { dropRemoteAreas } from '../features/remote-loading/routesPatcher';
import { createAppRouter, type RootComponents } from './createAppRouter';

const root: RootComponents = {
  Component: function App() {
    return (
      <div data-testid="layout" data-layout={selectLayout(useMatches())}>
        <Outlet />
      </div>
    );
  },
  ErrorBoundary: () => <RouteErrorScreen Frame={({ children }) => <>{children}</>} userAgent="Mozilla/5.0 jsdom" />,
  HydrateFallback: () => <p>Загрузка…</p>,
};

function start(path: string, { profile = null as Profile | null, modules = fakeRemotes as Record<string, unknown>, patchedMounts = undefined as Set<string> | undefined } = {}) {
  const bus = createEventBus();
  const modalOpened = jest.fn();
  bus.on('modal:open', modalOpened);
  const session = fakeSession(profile);
  const loadRemote = fakeLoadRemote(modules);
  const router = createAppRouter({ root, loadRemote, session, bus, createRouter: memoryRouterAt(path), patchedMounts });
  render(<RouterProvider router={router} />);
  return { router, loadRemote, session, modalOpened };
}

const layout = () => screen.getByTestId('layout').getAttribute('data-layout');

describe('app router', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders the index page and loads no remote but the catalog', async () => {
    const { loadRemote } = start('/');
    expect(await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect(loadRemote.mock.calls).toEqual([['mfe_catalog/routes']]);
    expect(layout()).toBe('default');
  });

  it('shows the 404 error page for an unknown route', async () => {
    start('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Page not found/ })).toBeInTheDocument();
  });

  it('redirects to the lowercase address without the trailing slash, keeping the query', async () => {
    const { router } = start('/Excursion/Altai/?sort=price');
    expect(await screen.findByRole('heading', { name: 'Регион' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/excursion/altai', search: '?sort=price' });
  });

  it('answers a failed route validation with 404 "Page Not Found: {path}"', async () => {
    start('/account/user/abc', { profile: client });
    expect(await screen.findByRole('heading', { name: /Page Not Found: \/account\/user\/abc/ })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it('renders a valid account page in the layout its route names', async () => {
    start('/account/user/42', { profile: client });
    expect(await screen.findByRole('heading', { name: 'Заказ' })).toBeInTheDocument();
    expect(layout()).toBe('account');
  });

  it('opens the sign-in modal and goes to / when a signed-out visitor opens an account page', async () => {
    const { router, modalOpened, session } = start('/account/user/ticket');
    expect(await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect(session.restore).toHaveBeenCalled();
    expect(modalOpened).toHaveBeenCalledWith({ type: 'auth' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a partner who opens the user area to the partner area', async () => {
    const { router } = start('/account/user', { profile: partner });
    expect(await screen.findByRole('heading', { name: 'Кабинет партнёра' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/partner');
  });

  it('stores a ?token= and lands on /account/user, replacing the entry', async () => {
    const { router, session } = start('/excursion?token=magic-token');
    expect(await screen.findByRole('heading', { name: 'Кабинет путешественника' })).toBeInTheDocument();
    expect(session.useToken).toHaveBeenCalledWith('magic-token');
    expect(router.state.location).toMatchObject({ pathname: '/account/user', search: '' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('patches the notifications pages into the account mount, then the account remote on demand', async () => {
    const { router, loadRemote } = start('/account/user/notification', { profile: client });
    expect(await screen.findByRole('heading', { name: 'Все уведомления' })).toBeInTheDocument();
    expect(layout()).toBe('account-notification');
    expect(loadRemote.mock.calls).toEqual([['mfe_notifications/routes']]);

    await act(() => router.navigate('/account/user/ticket'));
    expect(await screen.findByRole('heading', { name: 'Мои билеты' })).toBeInTheDocument();
    await act(() => router.navigate('/account/user/notification'));
    expect(await screen.findByRole('heading', { name: 'Все уведомления' })).toBeInTheDocument();
    await act(() => router.navigate('/account/user/reviews'));
    expect(layout()).toBe('account-sub');
    expect(loadRemote.mock.calls).toEqual([['mfe_notifications/routes'], ['mfe_user_account/routes']]);
  });

  it('mounts the back office for staff in its own layout', async () => {
    const { router, loadRemote } = start('/backoffice', { profile: staff });
    expect(await screen.findByRole('heading', { name: 'Сводка' })).toBeInTheDocument();
    expect(layout()).toBe('backoffice');
    await act(() => router.navigate('/backoffice/moderation'));
    expect(await screen.findByRole('heading', { name: 'Модерация' })).toBeInTheDocument();
    expect(loadRemote.mock.calls).toEqual([['mfe_backoffice/routes']]);
  });

  it.each([
    ['a signed-out visitor', null],
    ['a customer', client],
    ['a partner', partner],
  ])('gives %s the 404 page on every back-office address without loading its remote', async (_who, profile) => {
    for (const path of ['/backoffice', '/backoffice/moderation', '/backoffice/orders/12']) {
      const { loadRemote, modalOpened, unmount } = { ...start(path, { profile }), unmount: () => document.body.replaceChildren() };
      expect(await screen.findByText('404')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /Page not found/ })).toBeInTheDocument();
      expect(loadRemote.mock.calls.flat().filter((id) => id.includes('backoffice'))).toEqual([]);
      expect(modalOpened).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('answers 404 in the patched back office once its staff member signed out', async () => {
    const { router, session } = start('/backoffice', { profile: staff });
    expect(await screen.findByRole('heading', { name: 'Сводка' })).toBeInTheDocument();
    (session as { profile: Profile | null }).profile = null;
    await act(() => router.navigate('/backoffice/moderation'));
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Модерация' })).not.toBeInTheDocument();
  });

  it('loads a remote once however many of its pages are visited', async () => {
    const { router, loadRemote } = start('/excursion/altai');
    await screen.findByRole('heading', { name: 'Регион' });
    await act(() => router.navigate('/excursion/kavkaz'));
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback in the area of a remote that is down while other areas keep working', async () => {
    const { 'mfe_user_account/routes': _down, ...modules } = fakeRemotes;
    const { router } = start('/account/user/ticket', { profile: client, modules });
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(layout()).toBe('account');

    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    await act(() => router.navigate('/account/user'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument());
  });

  it('shows the fallback for a remote whose module is broken (no route list)', async () => {
    start('/', { modules: { 'mfe_catalog/routes': { default: 'oops' } } });
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
  });

  it('a remote switched to a new release in place: its routes leave the table, the next navigation patches the new ones', async () => {
    const modules: Record<string, unknown> = { ...fakeRemotes };
    const patchedMounts = new Set<string>();
    const { router, loadRemote } = start('/account/user/ticket', { profile: client, modules, patchedMounts });
    expect(await screen.findByRole('heading', { name: 'Мои билеты' })).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect([...patchedMounts].sort()).toEqual(['catalog', 'user-account']);

    // release B of the catalog: what the in-place switch does to the router (shell/src/bootstrap.tsx dropRoutes)
    modules['mfe_catalog/routes'] = {
      default: [
        { index: true, Component: () => <h1>Экскурсии B</h1>, handle: { layout: 'default' } },
        { path: 'excursion/:region', Component: () => <h1>Регион B</h1>, handle: { layout: 'default' } },
      ],
    };
    for (const mount of MOUNTS) if (mount.remote === 'mfe_catalog') patchedMounts.delete(mount.key);
    dropRemoteAreas(router, MOUNTS, 'mfe_catalog');
    // the page on screen stays until the navigation
    expect(screen.getByRole('heading', { name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    await act(() => router.navigate('/excursion/altai'));
    expect(await screen.findByRole('heading', { name: 'Регион B' })).toBeInTheDocument();
    expect(loadRemote.mock.calls.filter(([id]) => id === 'mfe_catalog/routes')).toHaveLength(2);
    // the other remote's area is kept as it was (not loaded again)
    await act(() => router.navigate('/account/user/reviews'));
    expect(await screen.findByRole('heading', { name: 'Мои отзывы' })).toBeInTheDocument();
    expect(loadRemote.mock.calls.filter(([id]) => id === 'mfe_user_account/routes')).toHaveLength(1);
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Экскурсии B' })).toBeInTheDocument();
  });
});
