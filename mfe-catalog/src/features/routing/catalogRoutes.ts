import type { RouteObject } from 'react-router';
import type { RemoteRoutes, RouteHandle } from '@excursio/shared';
import { DOCS } from '../docs/docsCatalog';
import { regionParams, slugParams, slugTail } from './slugRules';
import { splatPrecedencePaths } from './splatPrecedence';

const page = (validate?: RouteHandle['validate']): RouteHandle =>
  validate ? { layout: 'default', validate } : { layout: 'default' };

// One lazy chunk per page group; each loader names the component it needs.
const home = () => import('../home/HomePage').then((m) => ({ Component: m.HomePage }));
const cities = () => import('../cities/CitiesPage').then((m) => ({ Component: m.CitiesPage }));
const blog = () => import('../blog/BlogPage').then((m) => ({ Component: m.BlogPage }));
const doc = () => import('../docs/DocPage').then((m) => ({ Component: m.DocPage }));
const listing = (name: 'ExcursionsPage' | 'CountryPage' | 'RegionPage' | 'CityPage') => () =>
  import('../listing/ListingPages').then((m) => ({ Component: m[name] }));
const guides = (name: 'GuidePage' | 'GuidesByRegionPage') => () =>
  import('../guides/GuidesPages').then((m) => ({ Component: m[name] }));
const sight = () => import('../sights/SightPage').then((m) => ({ Component: m.SightPage }));
const reviews = () => import('../reviews/ReviewsPage').then((m) => ({ Component: m.ReviewsPage }));
const excursion = () => import('../excursion/ExcursionPage').then((m) => ({ Component: m.ExcursionPage }));
const order = () => import('../order/OrderPage').then((m) => ({ Component: m.OrderPage }));

/** A multi-segment page: its splat route plus the routes that keep it ahead of the region family. */
const multiSegment = (base: string, lazy: RouteObject['lazy']): RouteObject[] => [
  { path: `excursion/${base}/*`, lazy, handle: page(slugTail) },
  ...splatPrecedencePaths(base).map((path) => ({ path, lazy, handle: page(slugTail) })),
];

/** Public routes, relative to `/` (composition contract). */
export const catalogRoutes: RemoteRoutes = [
  { index: true, lazy: home, handle: page() },
  { path: 'blog', lazy: blog, handle: page() },
  ...DOCS.map((d) => ({ path: `docs/${d.slug}`, lazy: doc, handle: page() })),
  { path: 'excursion', lazy: listing('ExcursionsPage'), handle: page() },
  { path: 'excursion/cities', lazy: cities, handle: page() },
  { path: 'country/:countrySlug', lazy: listing('CountryPage'), handle: page(slugParams('countrySlug')) },
  ...multiSegment('guides/regions', guides('GuidesByRegionPage')),
  { path: 'excursion/guides/:slug', lazy: guides('GuidePage'), handle: page(slugParams('slug')) },
  ...multiSegment('sight', sight),
  ...multiSegment('reviews', reviews),
  { path: 'excursion/:region', lazy: listing('RegionPage'), handle: page(regionParams()) },
  { path: 'excursion/:region/:city', lazy: listing('CityPage'), handle: page(regionParams('city')) },
  {
    path: 'excursion/:region/:city/tags/:tagSlug',
    lazy: listing('CityPage'),
    handle: page(regionParams('city', 'tagSlug')),
  },
  {
    path: 'excursion/:region/:city/:excursionSlug',
    lazy: excursion,
    handle: page(regionParams('city', 'excursionSlug')),
  },
  {
    path: 'excursion/:region/:city/:excursionSlug/order',
    lazy: order,
    handle: page(regionParams('city', 'excursionSlug')),
  },
];
