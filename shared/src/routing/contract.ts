import { ApiError } from '../api/ApiError';
import { data, type Params, type RouteObject } from '../router';

/**
 * Layouts the shell owns (spec §2). 'backoffice': the page area at full width, the remote drawing its own navigation
 * (the shell keeps nothing of the staff area but its mount).
 */
export type LayoutName = 'default' | 'account' | 'account-sub' | 'account-notification' | 'backoffice';

export interface RouteValidationArgs {
  params: Params;
  request: Request;
}

/**
 * What a remote's route says to the shell: which layout wraps it and, optionally, a validation rule that needs no
 * data (an id format, a slug shape). A rule that returns false makes the shell answer 404 'Page Not Found: {path}'.
 * Whether a slug exists is the loader's answer: it throws `notFound(request)` when the api says 404.
 */
export interface RouteHandle {
  layout: LayoutName;
  validate?: (args: RouteValidationArgs) => boolean;
  /** Rendered in the browser only, never by the shell server (a form that starts from what the browser keeps). */
  clientOnly?: boolean;
}

/**
 * The shell's root route (id `root`) data, read by pages through `useMatches()[0].loaderData`: the site's origin as the
 * request reached it (on the server and in the browser alike), for canonical and structured-data addresses.
 */
export interface RootRouteData {
  origin: string;
}

/**
 * `./routes` of an area remote: route objects relative to the mount point the shell gives it. Every route has an
 * explicit, stable `id` (`<area>.<page>`, e.g. `catalog.excursion`): hydration data and analytics are keyed by it.
 */
export type RemoteRoutes = RouteObject[];

/** A route validation failure, as the shell's error page shows it. */
export function notFoundMessage(pathname: string): string {
  return `Page Not Found: ${pathname}`;
}

function decodedPathname(request: Request): string {
  const { pathname } = new URL(request.url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** What a loader throws for an address the api does not know: the shell's 404 page, status 404. */
export function notFound(request: Request) {
  return data(notFoundMessage(decodedPathname(request)), { status: 404 });
}

/**
 * A loader's api call: an address the api does not know (404, another account's row too) becomes the shell's 404 page;
 * other api failures its error page with their status.
 */
export async function orRouteError<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(request);
    if (error instanceof ApiError) throw data(error.message, { status: error.status || 503 });
    throw error;
  }
}
