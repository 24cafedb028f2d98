import type { RemoteRoutes, RouteHandle } from '@excursio/shared';
import type { AccountArea } from '../area/accountArea';

const notification: RouteHandle = { layout: 'account-notification' };
const page = () => import('../page/NotificationsPage').then((m) => ({ Component: m.NotificationsPage }));

/** One list per account area: the remote is mounted under both, and a route id is unique across the site. */
function notificationRoutesOf(area: AccountArea): RemoteRoutes {
  return [
    { id: `notifications.${area}`, path: 'notification', lazy: page, handle: notification },
    // The legacy address is the same screen.
    { id: `notifications.${area}-legacy`, path: 'notificationold', lazy: page, handle: notification },
  ];
}

/** Relative to /account/user (composition contract). */
export const userNotificationRoutes = notificationRoutesOf('user');
/** Relative to /account/partner (composition contract). */
export const partnerNotificationRoutes = notificationRoutesOf('partner');
