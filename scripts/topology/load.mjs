// The bounded mixed load of `npm run topology` (issue 29 §3): virtual customers (pages, catalog, instant orders and
// on-request orders with an Idempotency-Key, payments, their orders), a partner's desk accepting the requests, a chat
// between a customer and a partner across the two api processes, read-your-write checks and realtime clients.
// Every request through `call` is a sample { t, ms, ok, kind, status } of the run's figures.
import { clock, sleep, WebSocket, REALTIME_KEY } from './processes.mjs';

/** A virtual customer's order attempts are at least this far apart: the per-account order limit stays above them. */
export const ORDER_PACE_MS = 300;
/** The chat sends a message at most this often, the two parties in turn (each under the 20 a minute of CHAT_SEND_LIMIT). */
const CHAT_EVERY_MS = 2000;
/** A chat message sent through one api process reaches the other party's socket on the other process within this. */
const CHAT_DELIVERY_MS = 5000;

export const json = (answer) => {
  try {
    return JSON.parse(answer.body);
  } catch {
    return null;
  }
};

export function createLoad({ LB, PORTS }) {
  const samples = [];
  const orderKeys = new Map(); // key → { orderId, answered, status }
  const paid = new Set();
  const unpaid = new Set(); // orders left unpaid on purpose: the lifecycle sweeps expire them (once)
  const requests = new Map(); // on-request order id → { user, decision: null | 'confirmed' | 'declined' }
  // bothUp: both api processes serve (cleared before a fault, set once the balancer has them back); faults: a count
  // of faults begun, so a check can tell whether one began while it waited; customersDone: the last customer stopped
  const state = { stopping: false, customersDone: false, bothUp: true, faults: 0 };

  async function call(kind, url, init = {}) {
    const t = clock();
    const begun = performance.now();
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      const body = await response.text();
      const ok = response.status < 500;
      samples.push({ t, ms: performance.now() - begun, ok, kind, status: response.status, ...(ok ? {} : { error: body.slice(0, 80) }) });
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      samples.push({ t, ms: performance.now() - begun, ok: false, kind, status: 0, error: error.cause?.code ?? error.name });
      return { status: 0, body: '' };
    }
  }

  /** A client's retry of an idempotent call: the same request again while the answer is a network failure or 5xx. */
  async function retried(kind, url, init, attempts = 8) {
    let answer;
    for (let i = 0; i < attempts; i++) {
      answer = await call(kind, url, init);
      if (answer.status !== 0 && answer.status < 500) return answer;
      await sleep(250 * (i + 1));
    }
    return answer;
  }

  /** The development sign-in: { token, user }. */
  async function signIn(base, phone) {
    const answer = await retried('sign-in', `${base}/api/dev/login-as`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    const data = json(answer)?.data;
    if (!data?.token) throw new Error(`sign-in of ${phone} failed: ${answer.status} ${answer.body.slice(0, 200)}`);
    return data;
  }

  /** Pays an order with the test provider; true when the payment was confirmed. */
  async function pay(auth, orderId) {
    const answer = await retried('pay', `${LB}/api/excursion/user/order/${orderId}/pay`, { method: 'POST', headers: auth });
    const url = json(answer)?.data?.confirmation_url;
    if (!url) return false;
    const confirmed = await retried('confirm', `${LB}${url}/confirm`, { method: 'POST', redirect: 'manual' });
    if (confirmed.status !== 303) return false;
    paid.add(orderId);
    return true;
  }

  /** One order with an Idempotency-Key, retried like a client until an answer comes; its data or null. */
  async function order(n, i, auth, slot) {
    const key = `topology-${n}-${i}-${Math.random().toString(36).slice(2, 10)}`;
    orderKeys.set(key, { orderId: null, answered: false });
    const created = await retried('order', `${LB}/api/excursion/user/order`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        excursion_id: slot.excursionId,
        event_id: slot.eventId,
        participants: [{ code: slot.unit, count: 1 + (i % 2) }],
        contact_name: 'Нагрузочный тест',
        contact_phone: '+7 999 000-00-01',
      }),
    });
    const data = json(created)?.data;
    if (created.status === 201 || created.status === 200) orderKeys.set(key, { orderId: data.id, answered: true });
    else orderKeys.set(key, { orderId: null, answered: created.status !== 0 && created.status < 500, status: created.status });
    return created.status === 201 || created.status === 200 ? data : null;
  }

  /**
   * A virtual customer: the home page, the catalog, a slot's times; an order (every fourth one a request to an
   * on-request excursion, for the partner's desk to answer), paid or, every third instant one, left unpaid; the
   * requests the partner accepted get paid; then its orders.
   */
  async function virtualUser(n, token, slots, requestSlots) {
    const auth = { authorization: `Bearer ${token}` };
    const mine = new Set(); // my requests not yet paid
    let i = 0;
    let lastOrder = 0;
    while (!state.stopping) {
      i += 1;
      await call('page', `${LB}/`);
      await call('catalog', `${LB}/api/excursion/public/excursions?per_page=12&page=${(i % 3) + 1}`);
      const asRequest = requestSlots.length > 0 && i % 4 === 2;
      const slot = asRequest ? requestSlots[(n + i) % requestSlots.length] : slots[(n + i) % slots.length];
      await call('events', `${LB}/api/excursion/public/excursions/${slot.excursionId}/events`);
      const wait = lastOrder + ORDER_PACE_MS - performance.now();
      if (wait > 0) await sleep(wait);
      if (state.stopping) break;
      lastOrder = performance.now();
      const made = await order(n, i, auth, slot);
      if (made?.status === 'awaiting_confirmation') {
        requests.set(made.id, { user: n, decision: null });
        mine.add(made.id);
      } else if (made?.status === 'awaiting_payment' && i % 3 === 0) unpaid.add(made.id);
      else if (made?.status === 'awaiting_payment') await pay(auth, made.id);
      for (const id of mine) {
        if (requests.get(id).decision === null) continue;
        mine.delete(id);
        if (requests.get(id).decision === 'confirmed') await pay(auth, id);
      }
      await call('my-orders', `${LB}/api/excursion/user/order`, { headers: auth });
    }
  }

  /**
   * The partner's desk: its requests awaiting an answer, through the balancer: every fifth declined, the others
   * accepted (or declined when their seats are gone). A retried accept that already went through answers 409: the
   * order's state says which it was.
   */
  async function partnerDesk(token) {
    const auth = { authorization: `Bearer ${token}` };
    const decisionOf = { awaiting_payment: 'confirmed', paid: 'confirmed', confirmed: 'confirmed', completed: 'confirmed', declined: 'declined' };
    /** The order as the api has it now (null when even the retried read got no answer). */
    const orderStatus = async (id) => json(await retried('partner-order', `${LB}/api/excursion/partner/orders/${id}`, { headers: auth }))?.data?.status ?? null;
    /**
     * Accepts (or declines) a request until the api's own record says it is decided. Whenever an answer does not say
     * the new status (409, a refusal, an answer lost with a killed process), the order itself is read: a client that
     * lost its answer asks, it does not give up. Once the order was left undecided here on a lost answer while the api
     * had it accepted ("1 requests got no answer the partner's desk saw", with no request left waiting in the database).
     */
    let decided = 0;
    const decline = async (id, reason) => {
      const declined = await retried('partner-decline', `${LB}/api/excursion/partner/order/${id}/decline`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ reason }),
      });
      return declined.status === 200 ? json(declined)?.data?.status : await orderStatus(id);
    };
    const decide = async (id) => {
      const request = requests.get(id);
      // every fifth request the guide cannot take (the decline path under the kills too), the others accepted
      request.wanted ??= (decided += 1) % 5 === 0 ? 'declined' : 'confirmed';
      for (let round = 0; round < 4 && request.decision === null; round++) {
        if (request.wanted === 'declined') {
          const status = await decline(id, 'unavailable');
          request.decision = decisionOf[status] ?? null;
          request.last = `decline, then ${status ?? 'no answer'}`;
          if (request.decision === null) await sleep(500);
          continue;
        }
        const accepted = await retried('partner-accept', `${LB}/api/excursion/partner/order/${id}/confirm`, { method: 'POST', headers: auth });
        let status = accepted.status === 200 ? json(accepted)?.data?.status : await orderStatus(id);
        // still waiting after a refused accept: its seats are gone, so the desk declines it
        if (status === 'awaiting_confirmation' && accepted.status === 409) status = await decline(id, 'no_seats');
        request.decision = decisionOf[status] ?? null;
        request.last = `accept ${accepted.status}, then ${status ?? 'no answer'}`;
        if (request.decision === null) await sleep(500);
      }
    };
    const pass = async () => {
      const list = json(await retried('partner-requests', `${LB}/api/excursion/partner/orders?status=awaiting_confirmation&per_page=50`, { headers: auth }));
      for (const item of list?.data?.data ?? []) if (requests.get(item.id)?.decision === null) await decide(item.id);
    };
    // until the customers have stopped: their last requests are answered too
    while (!state.customersDone) {
      await pass();
      await sleep(300);
    }
    // (by id, should the list's first page not hold them), so every one ends decided
    await pass();
    for (const [id, request] of requests) if (request.decision === null) await decide(id);
  }

  /**
   * A realtime client of a user's private channel, as a page keeps one: on any close (a killed process, 4200 from a
   * draining one) it reconnects, subscribes again and, with `catchUp`, asks for the notifications it missed by id
   * (`/since`), so every notification reaches it, live or caught up. `port` is the balancer's or one api process's.
   */
  function realtimeClient(name, { token, userId, port, catchUp: catchingUp = false }) {
    const channel = `private-App.Models.User.${userId}`;
    const client = { name, port, received: new Set(), chat: new Map(), live: 0, caughtUp: 0, reconnects: 0, closeCodes: [], subscribed: false };
    let lastId = 0;
    let socket = null;
    let done = false;
    const catchUp = async () => {
      const answer = await retried('catch-up', `${LB}/api/excursion/notification/since?after_id=${lastId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      for (const notification of json(answer)?.data?.notifications ?? []) {
        if (!client.received.has(String(notification.id))) client.caughtUp += 1;
        client.received.add(String(notification.id));
        lastId = Math.max(lastId, Number(notification.id));
      }
    };
    const connect = () =>
      new Promise((resolve) => {
        socket = new WebSocket(`ws://127.0.0.1:${port}/app/${REALTIME_KEY}?protocol=7&client=topology`, { origin: `http://localhost:${PORTS.lb}` });
        socket.on('message', async (raw) => {
          const message = JSON.parse(raw.toString());
          if (message.event === 'pusher:connection_established') {
            const { socket_id: socketId } = JSON.parse(message.data);
            // the channel's signature through the balancer (any process signs it): never from a process that is
            // closing, as a page's would not be
            const auth = await retried('realtime-auth', `${LB}/socket/broadcasting/auth`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
            });
            socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { auth: json(auth)?.auth, channel } }));
          } else if (message.event === 'pusher_internal:subscription_succeeded') {
            if (catchingUp) await catchUp(); // what was published while away (or before the first subscription took)
            client.subscribed = true;
            resolve();
          } else if (message.event === 'NotificationSent') {
            const { notification } = JSON.parse(message.data);
            if (!client.received.has(String(notification.id))) client.live += 1;
            client.received.add(String(notification.id));
            lastId = Math.max(lastId, Number(notification.id));
          } else if (message.event === 'ChatMessageSent') {
            const { message: sent } = JSON.parse(message.data);
            if (!client.chat.has(sent.id)) client.chat.set(sent.id, performance.now());
          } else if (message.event === 'pusher:ping') {
            socket.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
          }
        });
        socket.on('error', () => undefined);
        socket.on('close', (code) => {
          client.subscribed = false;
          client.closeCodes.push(code);
          resolve();
          if (done) return;
          client.reconnects += 1;
          setTimeout(() => !done && connect(), 200 + Math.random() * 300);
        });
      });
    client.start = async (afterId = 0) => {
      lastId = afterId;
      await connect();
    };
    client.stop = async () => {
      done = true;
      socket?.close();
      if (catchingUp) await catchUp(); // nothing is left behind: the last ones may still be in flight
    };
    return client;
  }

  /**
   * A chat between an order's customer and its partner across the processes: each message is sent through one api
   * process directly, and the other party's socket on the *other* process must get it (Redis fan-out) within
   * CHAT_DELIVERY_MS. Sent only while both processes serve; a message a fault began under is counted apart.
   */
  async function chat({ orderId, customer, partner, sockets }) {
    const result = { sent: 0, delivered: 0, missed: [], inDoubt: 0, deliveryMs: [] };
    let k = 0;
    let last = 0;
    while (!state.stopping) {
      await sleep(100);
      if (performance.now() - last < CHAT_EVERY_MS) continue;
      const fromCustomer = k % 2 === 0;
      const via = Math.floor(k / 2) % 2;
      const listener = (fromCustomer ? sockets.partner : sockets.customer)[1 - via];
      if (!state.bothUp || !listener.subscribed || state.stopping) continue;
      k += 1;
      last = performance.now();
      const faults = state.faults;
      const sender = fromCustomer ? customer : partner;
      const answer = await call('chat', `http://127.0.0.1:${PORTS.api[via]}/api/excursion/chat/${orderId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Сообщение ${k} через api${via + 1}` }),
      });
      const message = json(answer)?.data;
      if (answer.status !== 201 || !message) continue; // a failed send is a failed request of the run's figures
      result.sent += 1;
      const sentAt = performance.now();
      while (!listener.chat.has(message.id) && performance.now() - sentAt < CHAT_DELIVERY_MS) await sleep(10);
      if (listener.chat.has(message.id)) {
        result.delivered += 1;
        result.deliveryMs.push(Math.max(0, listener.chat.get(message.id) - sentAt));
      } else if (state.faults !== faults) result.inDoubt += 1;
      else result.missed.push({ id: message.id, via: `api${via + 1}`, to: listener.name });
    }
    return result;
  }

  /** Read-your-write across processes: add or remove a favorite through one api, read the ids through the other at once. */
  async function readYourWrite(token, excursionIds) {
    const headers = { authorization: `Bearer ${token}` };
    const fetchIds = async (i) => {
      const response = await fetch(`http://127.0.0.1:${PORTS.api[i]}/api/excursion/user/favorite/appended`, { headers }).catch(() => null);
      if (!response?.ok) return null;
      return (await response.json()).data;
    };
    const result = { checks: 0, stale: 0, skipped: 0 };
    let i = 0;
    while (!state.stopping) {
      await sleep(200);
      if (!state.bothUp) {
        result.skipped += 1;
        continue;
      }
      i += 1;
      const [writer, reader] = i % 2 ? [0, 1] : [1, 0];
      const id = excursionIds[i % excursionIds.length];
      const on = (await fetchIds(reader)) ?? null;
      if (on === null) continue;
      const had = on.includes(id);
      const write = await fetch(`http://127.0.0.1:${PORTS.api[writer]}/api/excursion/user/favorite${had ? `/${id}` : ''}`, {
        method: had ? 'DELETE' : 'POST',
        headers: had ? headers : { ...headers, 'content-type': 'application/json' },
        body: had ? undefined : JSON.stringify({ excursion_id: id }),
      }).catch(() => null);
      if (!write?.ok || !state.bothUp) continue;
      const after = await fetchIds(reader);
      if (after === null) continue;
      result.checks += 1;
      if (after.includes(id) === had) result.stale += 1;
    }
    return result;
  }

  return { samples, orderKeys, paid, unpaid, requests, state, call, retried, signIn, virtualUser, partnerDesk, realtimeClient, chat, readYourWrite };
}
