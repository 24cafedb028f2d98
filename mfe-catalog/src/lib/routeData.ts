import { data } from '@excursio/shared/router';
import { ApiError, notFoundMessage, type RouteValidationArgs } from '@excursio/shared';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A route validation that asks the api: an unknown slug (404) fails it, so the shell shows its 404 page.
 * Other failures pass: the loader then reports them as they are.
 */
export function existsInApi(check: (args: RouteValidationArgs) => boolean, fetch: (args: RouteValidationArgs) => Promise<unknown>) {
  return async (args: RouteValidationArgs): Promise<boolean> => {
    if (!check(args)) return false;
    try {
      await fetch(args);
      return true;
    } catch (error) {
      return !isNotFound(error);
    }
  };
}

function decodedPath(request: Request): string {
  const { pathname } = new URL(request.url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** A loader's api call: failures become route errors the shell's error page shows (404 as 'Page Not Found: …'). */
export async function orRouteError<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) throw data(notFoundMessage(decodedPath(request)), { status: 404 });
    if (error instanceof ApiError) throw data(error.message, { status: error.status || 503 });
    throw error;
  }
}

/** Positive integer from a query parameter, or undefined. */
export function pageParam(url: URL, name = 'page'): number | undefined {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 1 ? n : undefined;
}
