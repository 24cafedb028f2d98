import { matchRoutes, type RouteObject } from 'react-router';
import { api, ApiError, type RouteHandle } from '@excursio/shared';
import { clearShared } from '../../lib/apiCache';
import { catalogRoutes } from './catalogRoutes';

const found = () => jest.fn().mockResolvedValue({ status: true, data: {} });
const notFound = () => jest.fn().mockRejectedValue(new ApiError(404, 'Not Found.'));

/** Every page call of the api answers (or, with `missing`, says 404). */
function mockPageCalls(answer: () => jest.Mock = found) {
  const calls = ['country', 'region', 'city', 'excursion', 'sight', 'guide', 'guidesByPlace', 'placeReviews', 'blogPost'] as const;
  return Object.fromEntries(calls.map((name) => [name, jest.spyOn(api, name).mockImplementation(answer())])) as Record<
    (typeof calls)[number],
    jest.SpyInstance
  >;
}

beforeEach(clearShared);
afterEach(() => jest.restoreAllMocks());

const CONTRACT_PATHS = [
  'blog',
  'docs/help',
  'docs/terms',
  'docs/oferta',
  'docs/plateji',
  'docs/privacy',
  'docs/vozvrat',
  'docs/articles',
  'docs/legal-info',
  'docs/agreement-guide-user',
  'excursion',
  'excursion/cities',
  'country/:countrySlug',
  'excursion/guides/regions/*',
  'excursion/guides/:slug',
  'excursion/sight/*',
  'excursion/reviews/*',
  'excursion/:region',
  'excursion/:region/:city',
  'excursion/:region/:city/tags/:tagSlug',
  'excursion/:region/:city/:excursionSlug',
  'excursion/:region/:city/:excursionSlug/order',
];

const tree: RouteObject[] = [{ path: '/', children: catalogRoutes }];

function matched(url: string) {
  const matches = matchRoutes(tree, url);
  const leaf = matches?.[matches.length - 1];
  return leaf ? { path: leaf.route.path, index: leaf.route.index, params: leaf.params, handle: leaf.route.handle as RouteHandle } : null;
}

function validates(url: string): boolean | Promise<boolean> {
  const m = matched(url);
  if (!m) throw new Error(`no route for ${url}`);
  return m.handle.validate ? m.handle.validate({ params: m.params, request: new Request(`http://x${url}`) }) : true;
}

describe('catalog routes', () => {
  it('has the index and every public path of the contract', () => {
    expect(catalogRoutes.filter((r) => r.index)).toHaveLength(1);
    const paths = catalogRoutes.filter((r) => !r.index).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(CONTRACT_PATHS));
  });

  it('adds only precedence routes of the multi-segment pages beyond the contract', () => {
    const extra = catalogRoutes.filter((r) => !r.index && !CONTRACT_PATHS.includes(r.path ?? ''));
    expect(extra.map((r) => r.path)).toEqual([
      'blog/:postSlug',
      'excursion/guides/regions/tags/:tagSlug',
      'excursion/guides/regions/:excursionSlug',
      'excursion/guides/regions/:excursionSlug/order',
      'excursion/sight/:city',
      'excursion/sight/:city/tags/:tagSlug',
      'excursion/sight/:city/:excursionSlug',
      'excursion/sight/:city/:excursionSlug/order',
      'excursion/reviews/:city',
      'excursion/reviews/:city/tags/:tagSlug',
      'excursion/reviews/:city/:excursionSlug',
      'excursion/reviews/:city/:excursionSlug/order',
    ]);
    const lazyOf = (path: string) => catalogRoutes.find((r) => r.path === path)?.lazy;
    for (const route of extra.filter((r) => r.path !== 'blog/:postSlug')) {
      const base = route.path!.startsWith('excursion/sight') ? 'excursion/sight/*'
        : route.path!.startsWith('excursion/reviews') ? 'excursion/reviews/*' : 'excursion/guides/regions/*';
      expect(route.lazy).toBe(lazyOf(base));
    }
  });

  it('puts every page in the default layout and loads it lazily', () => {
    for (const route of catalogRoutes) {
      expect((route.handle as RouteHandle).layout).toBe('default');
      expect(typeof route.lazy).toBe('function');
    }
  });

  it.each([
    ['/', undefined],
    ['/excursion/cities', 'excursion/cities'],
    ['/excursion/sight/kreml', 'excursion/sight/:city'],
    ['/excursion/sight/moskva/kreml', 'excursion/sight/:city/:excursionSlug'],
    ['/excursion/sight/a/b/c/d', 'excursion/sight/*'],
    ['/excursion/reviews/a/tags/b', 'excursion/reviews/:city/tags/:tagSlug'],
    ['/excursion/guides/regions/moskva/order', 'excursion/guides/regions/:excursionSlug/order'],
    ['/excursion/moskva/moskva/kreml', 'excursion/:region/:city/:excursionSlug'],
    ['/excursion/guides/regions/moskva/zelenograd', 'excursion/guides/regions/*'],
    ['/excursion/guides/ivan-petrov', 'excursion/guides/:slug'],
    ['/excursion/moskva/moskva/tags/progulki', 'excursion/:region/:city/tags/:tagSlug'],
    ['/excursion/moskva/moskva/kreml-i-krasnaya-ploshchad/order', 'excursion/:region/:city/:excursionSlug/order'],
  ])('resolves %s to %s', (url, path) => {
    expect(matched(url)?.path).toBe(path);
  });

  it.each([
    '/country/rossiya',
    '/excursion/moskovskaya-oblast',
    '/excursion/moskva/moskva/tags/s-detmi',
    '/excursion/sight/moskva/kreml',
    '/excursion/reviews/a/b-2/c',
    '/excursion/guides/regions/moskva',
  ])('accepts %s when the api knows it', async (url) => {
    mockPageCalls();
    await expect(validates(url)).resolves.toBe(true);
  });

  it.each([
    ['/country/atlantida', 'country', ['atlantida']],
    ['/excursion/moskovskaya-oblast', 'region', ['moskovskaya-oblast']],
    ['/excursion/moskva/moskva', 'city', ['moskva', 'moskva', undefined]],
    ['/excursion/moskva/moskva/tags/s-detmi', 'city', ['moskva', 'moskva', 's-detmi']],
    ['/excursion/moskva/moskva/net-takoy', 'excursion', ['moskva', 'moskva', 'net-takoy']],
    ['/excursion/moskva/moskva/net-takoy/order', 'excursion', ['moskva', 'moskva', 'net-takoy']],
    ['/excursion/sight/moskva/kreml', 'sight', ['moskva/kreml']],
    ['/excursion/guides/nikto', 'guide', ['nikto']],
    ['/excursion/guides/regions/moskva/tags/x', 'guidesByPlace', ['moskva/tags/x']],
    ['/excursion/reviews/a/b-2/c', 'placeReviews', ['a/b-2/c', 1]],
    ['/blog/net-stati', 'blogPost', ['net-stati']],
  ] as const)('refuses %s when the api answers 404 (asked %s)', async (url, call, args) => {
    const calls = mockPageCalls(notFound);
    await expect(validates(url)).resolves.toBe(false);
    expect(calls[call]).toHaveBeenCalledWith(...args);
  });

  it('lets a page through when the api fails otherwise (the page then shows the error)', async () => {
    jest.spyOn(api, 'country').mockRejectedValue(new ApiError(500, 'Server Error'));
    await expect(validates('/country/rossiya')).resolves.toBe(true);
  });

  it.each([
    '/country/Rossiya',
    '/country/ros_siya',
    '/excursion/moskva/mos%20kva',
    '/excursion/sight',
    '/excursion/reviews/a/B/c',
    '/excursion/guides/regions/a//b',
    '/excursion/guides',
    '/excursion/moskva/moskva/x.y',
  ])('refuses %s without asking the api', async (url) => {
    const calls = mockPageCalls();
    await expect(validates(url)).resolves.toBe(false);
    for (const call of Object.values(calls)) expect(call).not.toHaveBeenCalled();
  });
});
