import { data, type LoaderFunctionArgs } from '@excursio/shared/router';
import { api, ApiError, notFoundMessage, session, type OrderDetail, type RouteValidationArgs } from '@excursio/shared';

const SHARE_MS = 5_000;
let last: { id: number; at: number; promise: Promise<OrderDetail> } | null = null;

/** One order, shared for a few seconds so the route's validation and its loader ask the api once. */
export function orderCall(id: number, now = Date.now()): Promise<OrderDetail> {
  if (last && last.id === id && now - last.at < SHARE_MS) return last.promise;
  const promise = api.order(id).then((res) => res.data);
  const entry = { id, at: now, promise };
  last = entry;
  promise.catch(() => {
    if (last === entry) last = null;
  });
  return promise;
}

export function forgetOrder(): void {
  last = null;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * `/account/user/:orderId`: digits, and an order of the signed-in customer. Another customer's order is a 404
 * (the api answers 404 and never its data). Signed out or a partner: the account guard redirects instead.
 */
export async function isOwnOrder({ params }: RouteValidationArgs): Promise<boolean> {
  const id = params.orderId ?? '';
  if (!/^\d+$/.test(id) || id.length > 10) return false;
  await session.restore();
  if (session.profile?.user_type !== 'client') return true;
  try {
    await orderCall(Number(id));
    return true;
  } catch (error) {
    return !isNotFound(error);
  }
}

export async function orderLoader({ params, request }: LoaderFunctionArgs): Promise<OrderDetail | null> {
  await session.restore();
  if (session.profile?.user_type !== 'client') return null;
  try {
    return await orderCall(Number(params.orderId));
  } catch (error) {
    const pathname = new URL(request.url).pathname;
    if (isNotFound(error)) throw data(notFoundMessage(pathname), { status: 404 });
    if (error instanceof ApiError) throw data(error.message, { status: error.status || 503 });
    throw error;
  }
}
