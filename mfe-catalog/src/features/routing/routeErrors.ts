import { data } from '@excursio/shared/router';
import { ApiError, notFound } from '@excursio/shared';

/** A loader's api call: an unknown address (404) becomes the shell's 404 page, other failures its error page. */
export async function orRouteError<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(request);
    if (error instanceof ApiError) throw data(error.message, { status: error.status || 503 });
    throw error;
  }
}
