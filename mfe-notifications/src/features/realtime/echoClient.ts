import { apiUrl, getRuntimeConfig } from '@excursio/shared';
import type { RealtimeClient } from './RealtimeConnection';

/** pusher:error code of a socket whose token the server no longer accepts (signed out, account blocked). */
export const TOKEN_REFUSED_CODE = 4009;

interface PusherConnection {
  bind(event: 'error', callback: (error: { data?: { code?: number } } | undefined) => void): void;
}

/**
 * laravel-echo + pusher-js for one bearer token, fetched on first use (their chunk is not part of ./realtime).
 * An empty wsHost/wsPort in the runtime config means the page's own origin (the shell proxies /app to the api).
 * `onRefused`: the server closed the socket because the token was revoked (4009).
 */
export async function createEchoClient(token: string, onRefused?: () => void): Promise<RealtimeClient> {
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([
    import(/* webpackChunkName: "realtime-client" */ 'laravel-echo'),
    import(/* webpackChunkName: "realtime-client" */ 'pusher-js'),
  ]);
  const config = getRuntimeConfig().realtime;
  const secure = config.forceTLS || location.protocol === 'https:';
  const port = config.wsPort || Number(location.port) || (secure ? 443 : 80);
  const echo = new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: config.key,
    cluster: 'mt1',
    wsHost: config.wsHost || location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    authEndpoint: apiUrl(config.authEndpoint),
    bearerToken: token,
    auth: { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
    // the X-Socket-ID interceptors are for axios/jQuery/Vue, none of which is on the page
    withoutInterceptors: true,
  });
  const connection = (echo.connector as { pusher?: { connection?: PusherConnection } }).pusher?.connection;
  connection?.bind('error', (error) => {
    if (error?.data?.code === TOKEN_REFUSED_CODE) onRefused?.();
  });
  return echo as unknown as RealtimeClient;
}
