import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from '@excursio/shared/router';
import { notFound, type RemoteRoutes, type RouteHandle } from '@excursio/shared';
import { AreaFallbackPage } from './AreaFallback';
import { RemoteBoundary, withRemoteBoundary } from './RemoteBoundary';

type Validate = NonNullable<RouteHandle['validate']>;
type LazyFunction = Extract<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;
type LazyObject = Exclude<NonNullable<RouteObject['lazy']>, LazyFunction>;

function passes(validate: Validate, { params, request }: LoaderFunctionArgs): boolean {
  try {
    return validate({ params, request }) === true;
  } catch {
    return false;
  }
}

/** The route's data-free rule first (404 'Page Not Found: {path}'), then its own loader, which decides the rest. */
function validated(validate: Validate | null, loader: RouteObject['loader']): RouteObject['loader'] {
  if (!validate) return loader;
  return ((args, context) => {
    if (!passes(validate, args)) throw notFound(args.request);
    return typeof loader === 'function' ? loader(args, context) : null;
  }) as LoaderFunction;
}

function reportPageFailure(error: unknown): void {
  console.error('[shell] a remote page failed to load', error);
}

/** What to do when a page's code fails to load (the release watch: ./releaseWatch.ts); none: show the fallback. */
let pageLoadRecovery: (() => Promise<'reload' | 'retry'>) | null = null;
export const setPageLoadRecovery = (recover: typeof pageLoadRecovery) => {
  pageLoadRecovery = recover;
};

/**
 * A page chunk that fails is loaded once more (the same build), unless its remote moved to another release: then the
 * page loads again in full, from the new release (the promise never settles while the browser leaves).
 */
async function loadRetryingOnce<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!pageLoadRecovery) throw error;
    const next = await pageLoadRecovery();
    if (next === 'reload') return new Promise<T>(() => undefined);
    return load();
  }
}

/** A page chunk that fails to load shows the area fallback; a page that throws, the area's error boundary. */
function wrapLazyFunction(load: LazyFunction, validate: Validate | null): LazyFunction {
  return async () => {
    try {
      const { loader, ...rest } = await loadRetryingOnce(load);
      const wrapped = validated(validate, loader);
      return {
        ...rest,
        ...(rest.Component ? { Component: withRemoteBoundary(rest.Component) } : {}),
        ...(wrapped ? { loader: wrapped } : {}),
      };
    } catch (error) {
      reportPageFailure(error);
      return { Component: AreaFallbackPage, ...(validate ? { loader: validated(validate, undefined) } : {}) };
    }
  };
}

function wrapLazyObject(lazy: LazyObject, validate: Validate | null): LazyObject {
  const out: LazyObject = { ...lazy };
  const loadComponent = lazy.Component;
  if (loadComponent) {
    out.Component = async () => {
      try {
        const Page = await loadRetryingOnce(loadComponent);
        return Page ? withRemoteBoundary(Page) : Page;
      } catch (error) {
        reportPageFailure(error);
        return AreaFallbackPage;
      }
    };
  }
  const loadLoader = lazy.loader;
  if (validate && loadLoader) out.loader = async () => validated(validate, (await loadLoader()) ?? undefined) as LoaderFunction;
  return out;
}

function wrapRoute(route: RouteObject): RouteObject {
  const handle = route.handle as Partial<RouteHandle> | undefined;
  const validate = typeof handle?.validate === 'function' ? handle.validate : null;
  const out = { ...route } as RouteObject;
  if (route.children) out.children = route.children.map(wrapRoute);
  if (route.Component) out.Component = withRemoteBoundary(route.Component);
  if (route.element != null) out.element = <RemoteBoundary>{route.element}</RemoteBoundary>;
  if (typeof route.lazy === 'function') out.lazy = wrapLazyFunction(route.lazy, route.loader ? null : validate);
  else if (route.lazy) out.lazy = wrapLazyObject(route.lazy, route.loader ? null : validate);
  // A rule on a route without a lazy loader guards its static loader (or stands alone).
  if (validate && (route.loader || !route.lazy || (typeof route.lazy === 'object' && !route.lazy.loader))) {
    out.loader = validated(validate, route.loader);
  }
  return out;
}

/**
 * Prepares a remote's routes for the shell's router: a route's data-free rule guards its loader (404 on failure),
 * pages get an error boundary, and a page that fails to load shows the area fallback instead of breaking the site.
 */
export function wrapRemoteRoutes(routes: RemoteRoutes): RouteObject[] {
  return routes.map(wrapRoute);
}
