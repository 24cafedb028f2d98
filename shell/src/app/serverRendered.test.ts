import { isRouteErrorResponse, type RouteObject } from '@excursio/shared/router';
import { MOUNTS } from '../features/mounts/mountTable.mjs';
import { prepareServerRendered, readRouterData, resolveLazyMatches, ROUTER_DATA_ID } from './serverRendered';

function docWith(text: string | null): Pick<Document, 'getElementById'> {
  return { getElementById: (id: string) => (id === ROUTER_DATA_ID && text !== null ? ({ textContent: text } as HTMLElement) : null) };
}

describe('readRouterData', () => {
  it('gives the loaders’ data and makes route errors route error responses again', () => {
    const state = readRouterData(
      docWith(
        JSON.stringify({
          loaderData: { root: { origin: 'http://x.test' } },
          actionData: null,
          errors: { root: { __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found', data: 'Page not found', internal: false } },
        }),
      ),
    );
    expect(state?.loaderData).toEqual({ root: { origin: 'http://x.test' } });
    const error = state?.errors?.root;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, data: 'Page not found' });
  });

  it('is null for a page the server did not render, or a block that is not JSON', () => {
    expect(readRouterData(docWith(null))).toBeNull();
    expect(readRouterData(docWith('{not json'))).toBeNull();
  });
});

describe('starting from the server’s rendering', () => {
  it('loads the owning remote’s routes; a remote that fails makes the page start over in the browser', async () => {
    const routes = [{ id: 'catalog.home', index: true }];
    const start = await prepareServerRendered('/excursion/cities', { loaderData: {} }, async () => ({ default: routes }));
    expect(start?.mount.remote).toBe('mfe_catalog');
    expect(start?.remoteRoutes).toBe(routes);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(prepareServerRendered('/', { loaderData: {} }, async () => Promise.reject(new Error('down')), MOUNTS)).resolves.toBeNull();
  });

  it('loads the lazy parts of the matched routes only, before the router starts', async () => {
    const Page = () => null;
    const city = jest.fn(async () => ({ Component: Page, loader: () => 'city' }));
    const other = jest.fn(async () => ({ Component: Page }));
    const routes: RouteObject[] = [
      { id: 'root', children: [{ id: 'area', path: '/', children: [{ id: 'catalog.city', path: 'excursion/:region/:city', lazy: city }, { id: 'catalog.blog', path: 'blog', lazy: other }] }] },
    ];
    await resolveLazyMatches(routes, { pathname: '/excursion/a/b', search: '', hash: '' });
    const resolved = routes[0]!.children![0]!.children![0]!;
    expect(city).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(resolved.lazy).toBeUndefined();
    expect(resolved.Component).toBe(Page);
  });
});
