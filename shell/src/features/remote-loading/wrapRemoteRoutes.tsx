import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from '@excursio/shared/router';
import { notFoundMessage, type RemoteRoutes, type RouteHandle } from '@excursio/shared';
import { AreaFallbackPage } from './AreaFallback';
import { RemoteBoundary, withRemoteBoundary } from './RemoteBoundary';

type Validate = NonNullable<RouteHandle['validate']>;
type LazyFunction = Extract<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;
type LazyObject = Exclude<NonNullable<RouteObject['lazy']>, LazyFunction>;
type LoaderSource = () => Promise<RouteObject['loader'] | null>;

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load();
    return pending;
  };
}

function decodedPathname(request: Request): string {
  const pathname = new URL(request.url).pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

async function passes(validate: Validate, { params, request }: LoaderFunctionArgs): Promise<boolean> {
  try {
    return Boolean(await validate({ params, request }));
  } catch {
    return false;
  }
}

/** Runs the route's validation first (404 'Page Not Found: {path}' on failure), then the route's own loader. */
function validatingLoader(validate: Validate, ownLoader: LoaderSource): LoaderFunction {
  return async (args, context) => {
    if (!(await passes(validate, args))) {
      throw data(notFoundMessage(decodedPathname(args.request)), { status: 404 });
    }
    const loader = await ownLoader();
    return typeof loader === 'function' ? loader(args, context) : null;
  };
}

function reportPageFailure(error: unknown): void {
  console.error('[shell] a remote page failed to load', error);
}

/** lazy() → same, but a failed import shows the area fallback and components get an error boundary. */
function wrapLazyFunction(load: () => ReturnType<LazyFunction>, keepLoader: boolean): LazyFunction {
  return async () => {
    try {
      const { loader, ...rest } = await load();
      return {
        ...rest,
        ...(rest.Component ? { Component: withRemoteBoundary(rest.Component) } : {}),
        ...(keepLoader && loader ? { loader } : {}),
      };
    } catch (error) {
      reportPageFailure(error);
      return { Component: AreaFallbackPage };
    }
  };
}

function wrapLazyObject(lazy: LazyObject): LazyObject {
  const out: LazyObject = { ...lazy };
  const loadComponent = lazy.Component;
  if (loadComponent) {
    out.Component = async () => {
      try {
        const Page = await loadComponent();
        return Page ? withRemoteBoundary(Page) : Page;
      } catch (error) {
        reportPageFailure(error);
        return AreaFallbackPage;
      }
    };
  }
  return out;
}

function wrapRoute(route: RouteObject): RouteObject {
  const handle = route.handle as Partial<RouteHandle> | undefined;
  const validate = typeof handle?.validate === 'function' ? handle.validate : null;
  const out = { ...route } as RouteObject;
  let ownLoader: LoaderSource = async () => route.loader;

  if (route.children) out.children = route.children.map(wrapRoute);
  if (route.Component) out.Component = withRemoteBoundary(route.Component);
  if (route.element != null) out.element = <RemoteBoundary>{route.element}</RemoteBoundary>;

  if (typeof route.lazy === 'function') {
    const load = once(route.lazy);
    out.lazy = wrapLazyFunction(load, !validate);
    // A static validating loader hides a lazy one, so the validating loader calls it.
    if (validate && !route.loader) ownLoader = async () => (await load().catch(() => ({ loader: undefined }))).loader;
  } else if (route.lazy) {
    const lazy = wrapLazyObject(route.lazy);
    const loadLoader = lazy.loader;
    if (validate && loadLoader && !route.loader) {
      delete lazy.loader;
      ownLoader = loadLoader;
    }
    out.lazy = lazy;
  }

  if (validate) out.loader = validatingLoader(validate, ownLoader);
  return out;
}

/**
 * Prepare a remote's routes for the shell's router: route validation becomes a 404 loader, pages get an
 * error boundary, and a page that fails to load shows the area fallback instead of breaking the site.
 */
export function wrapRemoteRoutes(routes: RemoteRoutes): RouteObject[] {
  return routes.map(wrapRoute);
}
