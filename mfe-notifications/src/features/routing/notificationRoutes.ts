import type { RemoteRoutes, RouteHandle } from '@excursio/shared';

const notification: RouteHandle = { layout: 'account-notification' };
const page = () => import('../page/NotificationsPage').then((m) => ({ Component: m.NotificationsPage }));

/** Mounted under both /account/user and /account/partner (composition contract); the legacy page is the same screen. */
export const notificationRoutes: RemoteRoutes = [
  { path: 'notification', lazy: page, handle: notification },
  { path: 'notificationold', lazy: page, handle: notification },
];
