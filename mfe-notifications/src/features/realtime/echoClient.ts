import { apiUrl, getRuntimeConfig } from '@excursio/shared';
import type { RealtimeClient } from './RealtimeConnection';

/**
 * laravel-echo + pusher-js for one bearer token, fetched on first use (their chunk is not part of ./realtime).
 * An empty wsHost/wsPort in the runtime config means the page's own origin (the shell proxies /app to the api).
 */
export async function createEchoClient(token: string): Promise<RealtimeClient> {
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
  return echo as unknown as RealtimeClient;
}
