import { bus, session } from '@excursio/shared';
import { notificationCalls } from './notificationCalls';
import { NotificationsStore } from './NotificationsStore';

/** The page's notifications: one store for the side panel, the pages and the shell's bell. */
export const notifications = new NotificationsStore(notificationCalls, (count) => bus.emit('notifications:unread', { count }));

// Another account, or none: the lists and the count of the previous one go.
session.watch(
  () => session.profile?.id ?? null,
  () => notifications.reset(),
);
