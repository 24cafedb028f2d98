import { replace, type LoaderFunctionArgs } from '@excursio/shared/router';
import type { RemoteRoutes, RouteHandle } from '@excursio/shared';
import type { AccountArea } from '../../lib/accountArea';

const notification: RouteHandle = { layout: 'account-notification' };
const page = () => import('../page/NotificationsPage').then((m) => ({ Component: m.NotificationsPage }));

/**
 * The legacy address leads to the one list: same data, same rules, one look to keep right. replace(): the old address
 * does not stay in the history; the query and hash go along.
 */
export function legacyRedirect({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return replace(`${url.pathname.replace(/notificationold$/, 'notification')}${url.search}${url.hash}`);
}

/** One list per account area: the remote is mounted under both, and a route id is unique across the site. */
function notificationRoutesOf(area: AccountArea): RemoteRoutes {
  return [
    { id: `notifications.${area}`, path: 'notification', lazy: page, handle: notification },
    { id: `notifications.${area}-legacy`, path: 'notificationold', loader: legacyRedirect, handle: notification },
  ];
}

/** Relative to /account/user (composition contract). */
export const userNotificationRoutes = notificationRoutesOf('user');
/** Relative to /account/partner (composition contract). */
export const partnerNotificationRoutes = notificationRoutesOf('partner');
