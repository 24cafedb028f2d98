import { matchRoutes, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError, http, type RouteHandle } from '@excursio/shared';
import { contentApi } from '../../api/content';
import { excursionsApi } from '../../api/excursions';
import { geoApi } from '../../api/geo';
import { guidesApi } from '../../api/guides';
import { reviewsApi } from '../../api/reviews';
import { sightsApi } from '../../api/sights';
import { catalogRoutes } from './catalogRoutes';

/** Every page call of the catalog, by name. */
const PAGE_CALLS = {
  country: () => jest.spyOn(geoApi, 'country'),
  region: () => jest.spyOn(geoApi, 'region'),
  city: () => jest.spyOn(geoApi, 'city'),
  excursion: () => jest.spyOn(excursionsApi, 'excursion'),
  sight: () => jest.spyOn(sightsApi, 'sight'),
  guide: () => jest.spyOn(guidesApi, 'guide'),
  guidesByPlace: () => jest.spyOn(guidesApi, 'guidesByPlace'),
  placeReviews: () => jest.spyOn(reviewsApi, 'placeReviews'),
  blogPost: () => jest.spyOn(contentApi, 'blogPost'),
  document: () => jest.spyOn(contentApi, 'document'),
};
type PageCall = keyof typeof PAGE_CALLS;

/** Every page call answers with `error`. */
function failPageCalls(error: ApiError): Record<PageCall, jest.SpyInstance> {
  const spies = Object.entries(PAGE_CALLS).map(([name, spy]) => [name, spy().mockRejectedValue(error)]);
  return Object.fromEntries(spies) as Record<PageCall, jest.SpyInstance>;
}

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

function validates(url: string): boolean {
  const m = matched(url);
  if (!m) throw new Error(`no route for ${url}`);
  return m.handle.validate ? m.handle.validate({ params: m.params, request: new Request(`http://x${url}`) }) : true;
}

/** Runs the loader of the page the address opens, as the router would. */
async function load(url: string): Promise<unknown> {
  const matches = matchRoutes(tree, url);
  const leaf = matches?.[matches.length - 1];
  if (!leaf?.route.lazy) throw new Error(`no page for ${url}`);
  const { loader } = await (leaf.route.lazy as () => Promise<{ loader?: LoaderFunction }>)();
  if (!loader) throw new Error(`${url} has no loader`);
  return loader({ params: leaf.params, request: new Request(`http://x${url}`) } as LoaderFunctionArgs);
}

const CATALOG_IDS = [
  'catalog.home',
  'catalog.blog',
  'catalog.blog-post',
  'catalog.doc.help',
  'catalog.doc.terms',
  'catalog.doc.oferta',
  'catalog.doc.plateji',
  'catalog.doc.privacy',
  'catalog.doc.vozvrat',
  'catalog.doc.articles',
  'catalog.doc.legal-info',
  'catalog.doc.agreement-guide-user',
  'catalog.excursions',
  'catalog.cities',
  'catalog.country',
  'catalog.guides-by-place',
  'catalog.guides-by-place.over-tag',
  'catalog.guides-by-place.over-excursion',
  'catalog.guides-by-place.over-checkout',
  'catalog.guide',
  'catalog.sight',
  'catalog.sight.over-city',
  'catalog.sight.over-tag',
  'catalog.sight.over-excursion',
  'catalog.sight.over-checkout',
  'catalog.reviews',
  'catalog.reviews.over-city',
  'catalog.reviews.over-tag',
  'catalog.reviews.over-excursion',
  'catalog.reviews.over-checkout',
  'catalog.region',
  'catalog.city',
  'catalog.tag',
  'catalog.excursion',
  'catalog.checkout',
];

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

  it('gives every route an explicit, unique and stable id', () => {
    const ids = catalogRoutes.map((r) => r.id);
    expect(ids.every((id) => typeof id === 'string' && id.startsWith('catalog.'))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(CATALOG_IDS);
  });

  it.each([
    '/country/rossiya',
    '/excursion/moskovskaya-oblast',
    '/excursion/moskva/moskva/tags/s-detmi',
    '/excursion/sight/moskva/kreml',
    '/excursion/reviews/a/b-2/c',
    '/excursion/guides/regions/moskva',
    '/blog/kak-vybrat-gida',
  ])('accepts the well-formed address %s without asking the api', (url) => {
    const request = jest.spyOn(http, 'request');
    expect(validates(url)).toBe(true);
    expect(request).not.toHaveBeenCalled();
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
    '/blog/Net_Stati',
  ])('refuses %s without asking the api', (url) => {
    const request = jest.spyOn(http, 'request');
    expect(validates(url)).toBe(false);
    expect(request).not.toHaveBeenCalled();
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
    ['/docs/help', 'document', ['help']],
  ] as const)('loads %s once and answers 404 when the api does (asked %s)', async (url, call, args) => {
    const calls = failPageCalls(new ApiError(404, 'Not Found.'));
    await expect(load(url)).rejects.toMatchObject({ data: `Page Not Found: ${url}`, init: { status: 404 } });
    expect(calls[call]).toHaveBeenCalledTimes(1);
    expect(calls[call]).toHaveBeenCalledWith(...args);
  });

  it('shows another api failure as what it is (the error page, its status)', async () => {
    failPageCalls(new ApiError(500, 'Server Error'));
    await expect(load('/country/rossiya')).rejects.toMatchObject({ data: 'Server Error', init: { status: 500 } });
  });
});
