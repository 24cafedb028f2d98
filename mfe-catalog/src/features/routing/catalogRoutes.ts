import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from '@excursio/shared/router';
import type { RemoteRoutes, RouteHandle, RouteValidationArgs } from '@excursio/shared';
import {
  blogPostCall,
  cityCall,
  countryCall,
  excursionCall,
  guideCall,
  guidesByPlaceCall,
  placeReviewsCall,
  regionCall,
  sightCall,
} from '../../lib/catalogCalls';
import { existsInApi } from '../../lib/routeData';
import { DOCS } from '../docs/docsCatalog';
import { regionParams, slugParams, slugTail } from './slugRules';
import { splatPrecedencePaths } from './splatPrecedence';
import { tailOf } from './tail';

const page = (validate?: RouteHandle['validate']): RouteHandle =>
  validate ? { layout: 'default', validate } : { layout: 'default' };

type Loaded = { Component: ComponentType; loader?: LoaderFunction };

// One lazy chunk per page; each loader names the component (and the data loader) it needs.
const home = () => import('../home/HomePage').then((m): Loaded => ({ Component: m.HomePage }));
const cities = () => import('../cities/CitiesPage').then((m): Loaded => ({ Component: m.CitiesPage }));
const blog = () => import('../blog/BlogPage').then((m): Loaded => ({ Component: m.BlogPage, loader: m.blogLoader }));
const blogPost = () => import('../blog/BlogPostPage').then((m): Loaded => ({ Component: m.BlogPostPage, loader: m.blogPostLoader }));
const doc = () => import('../docs/DocPage').then((m): Loaded => ({ Component: m.DocPage, loader: m.docLoader }));
const excursions = () =>
  Promise.all([import('../listing/ExcursionsPage'), import('../listing/excursionsLoader')]).then(
    ([m, l]): Loaded => ({ Component: m.ExcursionsPage, loader: l.excursionsLoader }),
  );
const country = () => import('../country/CountryPage').then((m): Loaded => ({ Component: m.CountryPage, loader: m.countryLoader }));
const region = () => import('../region/RegionPage').then((m): Loaded => ({ Component: m.RegionPage, loader: m.regionLoader }));
const city = () => import('../city/CityPage').then((m): Loaded => ({ Component: m.CityPage, loader: m.cityLoader }));
const guide = () => import('../guides/GuidePage').then((m): Loaded => ({ Component: m.GuidePage, loader: m.guideLoader }));
const guidesByRegion = () =>
  import('../guides/GuidesByRegionPage').then((m): Loaded => ({ Component: m.GuidesByRegionPage, loader: m.guidesByRegionLoader }));
const sight = () => import('../sights/SightPage').then((m): Loaded => ({ Component: m.SightPage, loader: m.sightLoader }));
const reviews = () => import('../reviews/ReviewsPage').then((m): Loaded => ({ Component: m.ReviewsPage, loader: m.reviewsLoader }));
const excursion = () =>
  Promise.all([import('../excursion/ExcursionPage'), import('../excursion/excursionLoader')]).then(
    ([m, l]): Loaded => ({ Component: m.ExcursionPage, loader: l.excursionLoader }),
  );
const order = () =>
  Promise.all([import('../order/OrderPage'), import('../excursion/excursionLoader')]).then(
    ([m, l]): Loaded => ({ Component: m.OrderPage, loader: l.excursionLoader }),
  );

const p = (args: RouteValidationArgs, name: string) => args.params[name] ?? '';

// Route validation: the address must be well-formed and the api must know the page (404 → the shell's 404 page).
const knownCountry = existsInApi(slugParams('countrySlug'), (a) => countryCall(p(a, 'countrySlug')));
const knownRegion = existsInApi(regionParams(), (a) => regionCall(p(a, 'region')));
const knownCity = existsInApi(regionParams('city'), (a) => cityCall(p(a, 'region'), p(a, 'city')));
const knownTag = existsInApi(regionParams('city', 'tagSlug'), (a) => cityCall(p(a, 'region'), p(a, 'city'), p(a, 'tagSlug')));
const knownExcursion = existsInApi(regionParams('city', 'excursionSlug'), (a) =>
  excursionCall(p(a, 'region'), p(a, 'city'), p(a, 'excursionSlug')),
);
const knownGuide = existsInApi(slugParams('slug'), (a) => guideCall(p(a, 'slug')));
const knownPost = existsInApi(slugParams('postSlug'), (a) => blogPostCall(p(a, 'postSlug')));
const knownTail = (base: string, call: (slug: string) => Promise<unknown>) =>
  existsInApi(slugTail, ({ request }) => call(tailOf(request, base)));

/** A multi-segment page: its splat route plus the routes that keep it ahead of the region family. */
const multiSegment = (base: string, lazy: RouteObject['lazy'], validate: RouteHandle['validate']): RouteObject[] => [
  { path: `excursion/${base}/*`, lazy, handle: page(validate) },
  ...splatPrecedencePaths(base).map((path) => ({ path, lazy, handle: page(validate) })),
];

/** Public routes, relative to `/` (composition contract), plus the blog's posts. */
export const catalogRoutes: RemoteRoutes = [
  { index: true, lazy: home, handle: page() },
  { path: 'blog', lazy: blog, handle: page() },
  { path: 'blog/:postSlug', lazy: blogPost, handle: page(knownPost) },
  ...DOCS.map((d) => ({ path: `docs/${d.slug}`, lazy: doc, handle: page() })),
  { path: 'excursion', lazy: excursions, handle: page() },
  { path: 'excursion/cities', lazy: cities, handle: page() },
  { path: 'country/:countrySlug', lazy: country, handle: page(knownCountry) },
  ...multiSegment('guides/regions', guidesByRegion, knownTail('guides/regions', guidesByPlaceCall)),
  { path: 'excursion/guides/:slug', lazy: guide, handle: page(knownGuide) },
  ...multiSegment('sight', sight, knownTail('sight', sightCall)),
  ...multiSegment('reviews', reviews, knownTail('reviews', (slug) => placeReviewsCall(slug))),
  { path: 'excursion/:region', lazy: region, handle: page(knownRegion) },
  { path: 'excursion/:region/:city', lazy: city, handle: page(knownCity) },
  { path: 'excursion/:region/:city/tags/:tagSlug', lazy: city, handle: page(knownTag) },
  { path: 'excursion/:region/:city/:excursionSlug', lazy: excursion, handle: page(knownExcursion) },
  { path: 'excursion/:region/:city/:excursionSlug/order', lazy: order, handle: page(knownExcursion) },
];
