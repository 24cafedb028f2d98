import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { RemoteRoutes } from '@excursio/shared';
import { setPageLoadRecovery, wrapRemoteRoutes } from './wrapRemoteRoutes';

function args(path: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params, context: undefined } as unknown as LoaderFunctionArgs;
}

async function rejectionOf(value: unknown): Promise<unknown> {
  try {
    await value;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const digits = ({ params }: { params: Record<string, string | undefined> }) => /^\d+$/.test(params.orderId ?? '');

describe('wrapRemoteRoutes', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('turns a failed validation into 404 "Page Not Found: {path}"', async () => {
    const [route] = wrapRemoteRoutes([{ path: ':orderId', handle: { layout: 'account', validate: digits } }]);
    const error = await rejectionOf(Promise.resolve().then(() => (route?.loader as LoaderFunction)(args('/account/user/abc', { orderId: 'abc' }))));
    // data(): the router turns it into the 404 error response the error page shows
    expect(error).toMatchObject({ data: 'Page Not Found: /account/user/abc', init: { status: 404 } });
  });

  it('treats a throwing validation as a failure too', async () => {
    const validate = () => {
      throw new Error('boom');
    };
    const [route] = wrapRemoteRoutes([{ path: 'x/:id', handle: { layout: 'default', validate } }]);
    const error = await rejectionOf(Promise.resolve().then(() => (route?.loader as LoaderFunction)(args('/x/1'))));
    expect(error).toMatchObject({ data: 'Page Not Found: /x/1', init: { status: 404 } });
  });

  it('runs the route loader (static or lazy) after a passed validation', async () => {
    const routes: RemoteRoutes = [
      { path: ':orderId', handle: { layout: 'account', validate: digits }, loader: () => 'static' },
      {
        path: 'o/:orderId',
        handle: { layout: 'account', validate: digits },
        lazy: async () => ({ loader: () => 'lazy', Component: () => null }),
      },
    ];
    const [withStatic, withLazy] = wrapRemoteRoutes(routes);
    expect((withStatic?.loader as LoaderFunction)(args('/7', { orderId: '7' }))).toBe('static');
    // the lazy route keeps one loader, its own, behind the rule (no static loader to hide it)
    expect(withLazy?.loader).toBeUndefined();
    const { loader } = (await (withLazy?.lazy as () => Promise<{ loader: LoaderFunction }>)());
    await expect(Promise.resolve(loader(args('/o/7', { orderId: '7' })))).resolves.toBe('lazy');
    const error = await rejectionOf(Promise.resolve().then(() => loader(args('/o/x', { orderId: 'x' }))));
    expect(error).toMatchObject({ data: 'Page Not Found: /o/x', init: { status: 404 } });
  });

  it('leaves routes without validation without a loader, and wraps nested children', () => {
    const [parent] = wrapRemoteRoutes([
      { path: 'excursions', handle: { layout: 'account-sub' }, children: [{ path: 'edit/:id', handle: { layout: 'account', validate: () => true } }] },
    ]);
    expect(parent?.loader).toBeUndefined();
    expect(typeof parent?.children?.[0]?.loader).toBe('function');
    expect(parent?.handle).toEqual({ layout: 'account-sub' });
  });

  function renderAt(routes: RouteObject[], path: string) {
    const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: routes }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
  }

  it('shows the area fallback when a remote page crashes', async () => {
    const Broken = () => {
      throw new Error('remote bug');
    };
    renderAt(wrapRemoteRoutes([{ path: 'broken', Component: Broken, handle: { layout: 'default' } }]), '/broken');
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('shows the area fallback when a lazy page fails to load', async () => {
    const lazy = () => Promise.reject(new Error('ChunkLoadError'));
    renderAt(wrapRemoteRoutes([{ path: 'page', lazy, handle: { layout: 'default' } }]), '/page');
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
  });

  it('renders a healthy lazy page as is', async () => {
    const lazy = async () => ({ Component: () => <h1>Билеты</h1> });
    renderAt(wrapRemoteRoutes([{ path: 'ticket', lazy, handle: { layout: 'account' } }]), '/ticket');
    expect(await screen.findByRole('heading', { name: 'Билеты' })).toBeInTheDocument();
  });

  describe('a page chunk that fails once (a release moved under an open tab)', () => {
    afterEach(() => setPageLoadRecovery(null));

    it('is loaded once more on the same build, and shows the page', async () => {
      setPageLoadRecovery(async () => 'retry');
      const lazy = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce({ Component: () => <h1>Отзывы</h1> });
      renderAt(wrapRemoteRoutes([{ path: 'reviews', lazy, handle: { layout: 'default' } }]), '/reviews');
      expect(await screen.findByRole('heading', { name: 'Отзывы' })).toBeInTheDocument();
      expect(lazy).toHaveBeenCalledTimes(2);
    });

    it('only once: a second failure shows the area fallback', async () => {
      const recover = jest.fn(async () => 'retry' as const);
      setPageLoadRecovery(recover);
      const lazy = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
      renderAt(wrapRemoteRoutes([{ path: 'page', lazy, handle: { layout: 'default' } }]), '/page');
      expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
      expect(lazy).toHaveBeenCalledTimes(2);
      expect(recover).toHaveBeenCalledTimes(1);
    });

    it('waits for the full page load when its remote moved to another release (no fallback flashes)', async () => {
      setPageLoadRecovery(async () => 'reload');
      const lazy = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
      renderAt(wrapRemoteRoutes([{ path: 'page', lazy, handle: { layout: 'default' } }]), '/page');
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('heading', { name: 'Раздел временно недоступен' })).not.toBeInTheDocument();
      expect(lazy).toHaveBeenCalledTimes(1);
    });
  });
});
