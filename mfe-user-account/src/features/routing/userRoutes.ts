import type { RemoteRoutes, RouteHandle, RouteValidationArgs } from '@excursio/shared';

const account: RouteHandle = { layout: 'account' };
const accountSub: RouteHandle = { layout: 'account-sub' };

/** An order id is digits that fit the api's integer; anything else under /account/user is a 404 without a fetch. */
export function isOrderId({ params }: RouteValidationArgs): boolean {
  return /^\d{1,10}$/.test(params.orderId ?? '');
}

/** The customer account, relative to /account/user (composition contract); ids are `user.<page>`. */
export const userRoutes: RemoteRoutes = [
  {
    id: 'user.main',
    index: true,
    lazy: () => import('../main/MainPage').then((m) => ({ Component: m.MainPage })),
    handle: account,
  },
  {
    id: 'user.tickets',
    path: 'ticket',
    lazy: () => import('../tickets/TicketsPage').then((m) => ({ Component: m.TicketsPage, loader: m.ticketsLoader })),
    handle: account,
  },
  {
    id: 'user.profile',
    path: 'profile',
    lazy: () => import('../profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
    handle: account,
  },
  {
    id: 'user.reviews',
    path: 'reviews',
    lazy: () => import('../reviews/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })),
    handle: accountSub,
  },
  {
    id: 'user.support',
    path: 'support',
    lazy: () => import('../support/SupportPage').then((m) => ({ Component: m.SupportPage })),
    handle: account,
  },
  {
    id: 'user.favorites',
    path: 'favorite',
    lazy: () => import('../favorites/FavoritesPage').then((m) => ({ Component: m.FavoritesPage, loader: m.favoritesLoader })),
    handle: account,
  },
  {
    id: 'user.order',
    path: ':orderId',
    lazy: () =>
      import('../orders/CustomerOrderPage').then((m) => ({ Component: m.CustomerOrderPage, loader: m.customerOrderLoader })),
    handle: { layout: 'account', validate: isOrderId },
  },
];
