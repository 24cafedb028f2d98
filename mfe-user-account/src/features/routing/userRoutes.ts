import type { RemoteRoutes, RouteHandle, RouteValidationArgs } from '@excursio/shared';
import { isOwnOrder } from '../orders/orderCalls';

const account: RouteHandle = { layout: 'account' };
const accountSub: RouteHandle = { layout: 'account-sub' };

/** An order id is digits only; anything else under /account/user is a 404. */
export function isOrderId({ params }: RouteValidationArgs): boolean {
  return /^\d+$/.test(params.orderId ?? '');
}

/** The customer account, relative to /account/user (composition contract). */
export const userRoutes: RemoteRoutes = [
  {
    index: true,
    lazy: () => import('../main/MainPage').then((m) => ({ Component: m.MainPage })),
    handle: account,
  },
  {
    path: 'ticket',
    lazy: () => import('../tickets/TicketsPage').then((m) => ({ Component: m.TicketsPage, loader: m.ticketsLoader })),
    handle: account,
  },
  {
    path: 'profile',
    lazy: () => import('../profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
    handle: account,
  },
  {
    path: 'reviews',
    lazy: () => import('../reviews/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
    handle: accountSub,
  },
  {
    path: 'support',
    lazy: () => import('../support/SupportPage').then((m) => ({ Component: m.SupportPage })),
    handle: account,
  },
  {
    path: 'favorite',
    lazy: () => import('../favorites/FavoritesPage').then((m) => ({ Component: m.FavoritesPage, loader: m.favoritesLoader })),
    handle: account,
  },
  {
    path: ':orderId',
    lazy: () =>
      Promise.all([import('../orders/OrderPage'), import('../orders/orderCalls')]).then(([page, calls]) => ({
        Component: page.OrderPage,
        loader: calls.orderLoader,
      })),
    // Digits, and the signed-in customer's own order (another customer's order is a 404, never its data).
    handle: { layout: 'account', validate: (args: RouteValidationArgs) => isOrderId(args) && isOwnOrder(args) },
  },
];
