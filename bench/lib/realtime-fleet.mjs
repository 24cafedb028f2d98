// The realtime bench's browsers: N websockets, each on its own private user channel (auth signed here, no HTTP),
// and the publisher that sends notifications through the Pusher HTTP API of the api.
import { createHash, createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export const userChannel = (i) => `private-App.Models.User.${i}`;
const hmac = (secret, text) => createHmac('sha256', secret).update(text).digest('hex');
const now = () => performance.timeOrigin + performance.now();

/** p-th percentile (0..100) of numbers, nearest rank; null for none. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Opens one socket and subscribes it; resolves with the socket once subscribed. */
function subscribeOne(url, key, secret, channel, onEvent, timeoutMs) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`${channel}: not subscribed within ${timeoutMs} ms`));
    }, timeoutMs);
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.event === 'pusher:connection_established') {
        const socketId = JSON.parse(message.data).socket_id;
        const auth = `${key}:${hmac(secret, `${socketId}:${channel}`)}`;
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve(ws);
      } else if (message.event === 'pusher:error' || message.event === 'pusher:subscription_error') {
        clearTimeout(timer);
        reject(new Error(`${channel}: ${message.data}`));
      } else if (message.channel === channel) onEvent(message);
    });
  });
}

/**
 * N sockets, `concurrency` handshakes at a time; socket i listens on private-App.Models.User.{i}.
 * `onEvent(i, message, receivedAt)` gets every event of socket i.
 */
export async function openFleet({ wsUrl, key, secret, count, concurrency = 200, onEvent, timeoutMs = 30_000 }) {
  const sockets = new Array(count);
  const handshakeMs = [];
  const started = now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = now();
      sockets[i] = await subscribeOne(wsUrl, key, secret, userChannel(i), (m) => onEvent(i, m, now()), timeoutMs);
      handshakeMs.push(now() - t0);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  } catch (error) {
    for (const ws of sockets) ws?.terminate();
    throw error;
  }
  return {
    sockets,
    connectMs: Math.round(now() - started),
    handshakeP50Ms: percentile(handshakeMs, 50),
    handshakeP95Ms: percentile(handshakeMs, 95),
    close: () => sockets.forEach((ws) => ws?.terminate()),
  };
}

/** The query string of a signed Pusher HTTP API request (what the official libraries send). */
export function signedQuery({ path, key, secret, body, timestamp = Math.floor(Date.now() / 1000) }) {
  const query = [
    `auth_key=${key}`,
    `auth_timestamp=${timestamp}`,
    'auth_version=1.0',
    `body_md5=${createHash('md5').update(body).digest('hex')}`,
  ].join('&');
  return `${query}&auth_signature=${hmac(secret, `POST\n${path}\n${query}`)}`;
}

/**
 * Publishes `events` NotificationSent events at `rate` per second (event i to user i mod sockets), each carrying its
 * send time; at most `inFlight` requests at once. Resolves when every request has been answered.
 */
export async function publishPaced({ apiUrl, appId, key, secret, sockets, events, rate, inFlight = 64, sentAt }) {
  const path = `/apps/${encodeURIComponent(appId)}/events`;
  const errors = [];
  let running = 0;
  let waiting = null;
  const publishOne = async (i) => {
    const sent = now();
    sentAt[i] = sent;
    const data = JSON.stringify({
      id: i + 1,
      type: 'client_order_confirmed',
      text: `Гид подтвердил заказ №${100000 + i}: «Обзорная экскурсия по Казани». Ждём вас у входа в Кремль.`,
      link: `/account/user/${100000 + i}`,
      viewed: false,
      created_at: new Date().toISOString(),
      sent_at: sent,
    });
    const body = JSON.stringify({ name: 'NotificationSent', channels: [userChannel(i % sockets)], data });
    try {
      const res = await fetch(`${apiUrl}${path}?${signedQuery({ path, key, secret, body })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (!res.ok) errors.push(`${res.status} ${(await res.text()).slice(0, 120)}`);
      else await res.arrayBuffer();
    } catch (error) {
      errors.push(error.message);
    } finally {
      running--;
      waiting?.();
    }
  };
  const started = now();
  const pending = [];
  for (let i = 0; i < events; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    while (running >= inFlight) await new Promise((resolve) => (waiting = resolve));
    running++;
    pending.push(publishOne(i));
  }
  await Promise.all(pending);
  return { publishMs: Math.round(now() - started), errors };
}
