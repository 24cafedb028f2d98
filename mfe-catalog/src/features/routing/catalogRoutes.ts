import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from '@excursio/shared/router';
import type { RemoteRoutes, RouteHandle } from '@excursio/shared';
import { DOCS } from '../docs/docsCatalog';
import { splatPrecedencePaths } from '../../lib/multiSegment';
import { regionParams, slugParams, slugTail } from './slugRules';

// Whether a slug exists is each loader's answer (a 404 from the api); `validate` only checks the address's shape.
const page = (validate?: RouteHandle['validate']): RouteHandle => (validate ? { layout: 'default', validate } : { layout: 'default' });

type Loaded = { Component: ComponentType; loader?: LoaderFunction };

// One lazy chunk per page; each loader names the component (and the data loader) it needs.
const home = () =>
  Promise.all([import('../home/HomePage'), import('../home/homeLoader')]).then(([m, l]): Loaded => ({ Component: m.HomePage, loader: l.homeLoader }));
const cities = () => import('../cities/CitiesPage').then((m): Loaded => ({ Component: m.CitiesPage, loader: m.citiesLoader }));
const blog = () => import('../blog/BlogPage').then((m): Loaded => ({ Component: m.BlogPage, loader: m.blogLoader }));
const blogPost = () => import('../blog/BlogPostPage').then((m): Loaded => ({ Component: m.BlogPostPage, loader: m.blogPostLoader }));
const doc = () => import('../docs/DocPage').then((m): Loaded => ({ Component: m.DocPage, loader: m.docLoader }));
const excursions = () =>
  Promise.all([import('../excursions/ExcursionsPage'), import('../excursions/excursionsLoader')]).then(
    ([m, l]): Loaded => ({ Component: m.ExcursionsPage, loader: l.excursionsLoader }),
  );
const country = () => import('../country/CountryPage').then((m): Loaded => ({ Component: m.CountryPage, loader: m.countryLoader }));
const region = () => import('../region/RegionPage').then((m): Loaded => ({ Component: m.RegionPage, loader: m.regionLoader }));
const city = () => import('../city/CityPage').then((m): Loaded => ({ Component: m.CityPage, loader: m.cityLoader }));
const guide = () => import('../guides/GuidePage').then((m): Loaded => ({ Component: m.GuidePage, loader: m.guideLoader }));
const guidesByPlace = () =>
  import('../guides/GuidesByPlacePage').then((m): Loaded => ({ Component: m.GuidesByPlacePage, loader: m.guidesByPlaceLoader }));
const sight = () => import('../sights/SightPage').then((m): Loaded => ({ Component: m.SightPage, loader: m.sightLoader }));
const reviews = () => import('../reviews/ReviewsPage').then((m): Loaded => ({ Component: m.ReviewsPage, loader: m.reviewsLoader }));
const excursion = () =>
  Promise.all([import('../excursion/ExcursionPage'), import('../../lib/excursionLoader')]).then(
    ([m, l]): Loaded => ({ Component: m.ExcursionPage, loader: l.excursionLoader }),
  );
const checkout = () =>
  Promise.all([import('../checkout/CheckoutPage'), import('../../lib/excursionLoader')]).then(
    ([m, l]): Loaded => ({ Component: m.CheckoutPage, loader: l.excursionLoader }),
  );

/** A multi-segment page: its splat route plus the routes that keep it ahead of the region family (ids suffixed). */
const multiSegment = (id: string, base: string, lazy: RouteObject['lazy']): RouteObject[] => [
  { id, path: `excursion/${base}/*`, lazy, handle: page(slugTail) },
  ...splatPrecedencePaths(base).map(({ path, outranks }) => ({ id: `${id}.over-${outranks}`, path, lazy, handle: page(slugTail) })),
];

/** Public routes, relative to `/` (composition contract), plus the blog's posts. Ids are stable: `catalog.<page>`. */
export const catalogRoutes: RemoteRoutes = [
  { id: 'catalog.home', index: true, lazy: home, handle: page() },
  { id: 'catalog.blog', path: 'blog', lazy: blog, handle: page() },
  { id: 'catalog.blog-post', path: 'blog/:postSlug', lazy: blogPost, handle: page(slugParams('postSlug')) },
  ...DOCS.map((d) => ({ id: `catalog.doc.${d.slug}`, path: `docs/${d.slug}`, lazy: doc, handle: page() })),
  { id: 'catalog.excursions', path: 'excursion', lazy: excursions, handle: page() },
  { id: 'catalog.cities', path: 'excursion/cities', lazy: cities, handle: page() },
  { id: 'catalog.country', path: 'country/:countrySlug', lazy: country, handle: page(slugParams('countrySlug')) },
  ...multiSegment('catalog.guides-by-place', 'guides/regions', guidesByPlace),
  { id: 'catalog.guide', path: 'excursion/guides/:slug', lazy: guide, handle: page(slugParams('slug')) },
  ...multiSegment('catalog.sight', 'sight', sight),
  ...multiSegment('catalog.reviews', 'reviews', reviews),
  { id: 'catalog.region', path: 'excursion/:region', lazy: region, handle: page(regionParams()) },
  { id: 'catalog.city', path: 'excursion/:region/:city', lazy: city, handle: page(regionParams('city')) },
  { id: 'catalog.tag', path: 'excursion/:region/:city/tags/:tagSlug', lazy: city, handle: page(regionParams('city', 'tagSlug')) },
  {
    id: 'catalog.excursion',
    path: 'excursion/:region/:city/:excursionSlug',
    lazy: excursion,
    handle: page(regionParams('city', 'excursionSlug')),
  },
  {
    id: 'catalog.checkout',
    path: 'excursion/:region/:city/:excursionSlug/order',
    lazy: checkout,
    // the order form starts from the draft kept in the browser (and is not for search engines): never server-rendered
    handle: { ...page(regionParams('city', 'excursionSlug')), clientOnly: true },
  },
];
