// Mounted under /account/user and /account/partner: the shell patches each mount with its own area's list.
export { partnerNotificationRoutes as partner, userNotificationRoutes as user } from '../features/routing/notificationRoutes';
