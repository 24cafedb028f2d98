// Broadcaster over the Pusher HTTP API, so Soketi, Laravel Reverb or Pusher Channels can replace the built-in server.
import { type Broadcaster, encodeEventData, hmacSha256Hex, isValidChannelName, md5Hex } from './protocol';

export interface HttpBroadcasterOptions {
  /** e.g. `127.0.0.1` (Soketi/Reverb) or `api-eu.pusher.com` (Pusher Channels). */
  host: string;
  /** Default: 443 for https, 80 for http. */
  port?: number;
  scheme?: 'http' | 'https';
  appId: string;
  key: string;
  secret: string;
  /** Request timeout in milliseconds. Default 5000. */
  timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface SignRequestInput {
  method: string;
  path: string;
  key: string;
  secret: string;
  body: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

/**
 * Query string of a signed Pusher HTTP API request (auth_version 1.0): the parameters sorted by name, joined
 * unescaped, then `auth_signature` = hex HMAC-SHA256(secret, "METHOD\nPATH\nQUERY").
 */
export function signRequestQuery(input: SignRequestInput): string {
  const params: Record<string, string> = {
    auth_key: input.key,
    auth_timestamp: String(input.timestamp),
    auth_version: '1.0',
  };
  if (input.body.length > 0) params.body_md5 = md5Hex(input.body);
  const query = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  const signature = hmacSha256Hex(input.secret, [input.method.toUpperCase(), input.path, query].join('\n'));
  return `${query}&auth_signature=${signature}`;
}

export function createHttpBroadcaster(options: HttpBroadcasterOptions): Broadcaster {
  const scheme = options.scheme ?? 'https';
  const port = options.port ?? (scheme === 'https' ? 443 : 80);
  const path = `/apps/${encodeURIComponent(options.appId)}/events`;
  const origin = `${scheme}://${options.host}:${port}`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;

  return {
    async publish(channel, event, data) {
      if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
      const body = JSON.stringify({ name: event, channels: [channel], data: encodeEventData(data) });
      const query = signRequestQuery({
        method: 'POST',
        path,
        key: options.key,
        secret: options.secret,
        body,
        timestamp: Math.floor(Date.now() / 1000),
      });
      const response = await doFetch(`${origin}${path}?${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new Error(`Pusher HTTP API answered ${response.status}: ${text.slice(0, 200)}`);
      }
    },
  };
}
