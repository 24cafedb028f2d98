import { bus, session } from '@excursio/shared';
import { openChats } from '../../lib/openChats';
import { notifications } from '../../lib/notifications/notifications';
import { createEchoClient } from './echoClient';
import { RealtimeConnection } from './RealtimeConnection';
import { realtimeSubscriber } from './realtimeHandlers';

let connection: RealtimeConnection | null = null;

/** Starts the page's realtime connection once; from then on it follows the session by itself. */
export function startRealtime(): void {
  if (connection) return;
  connection = new RealtimeConnection(
    session,
    // a token the server refused (an account blocked by staff): ask who we are; a 401 ends the session on this page
    (token) =>
      createEchoClient(token, () => {
        void session.loadProfile().then(() => {
          if (!session.token) bus.emit('auth:signed-out');
        });
      }),
    realtimeSubscriber({ notifications, chats: openChats, bus, me: () => session.profile }),
  );
  connection.start();
  // the bell's count at sign-in even where no socket gets through (a proxy without websockets)
  session.watch(
    () => session.profile?.id ?? null,
    (id) => id !== null && void notifications.catchUp(),
    { immediately: true },
  );
}
