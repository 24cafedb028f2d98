import { ExternalStore } from '@excursio/shared';
import { deferred } from '../../testing/fixtures';
import { RealtimeConnection, type RealtimeChannel, type RealtimeClient, type RealtimeSubscriber } from './RealtimeConnection';

/** A fake Echo: records subscriptions, listeners and whether it was left. */
class FakeClient implements RealtimeClient {
  subscriptions: string[] = [];
  left: string[] = [];
  disconnected = false;
  listeners = new Map<string, (payload: never) => void>();
  onSubscribed: (() => void) | null = null;

  constructor(readonly token: string) {}

  private(channel: string): RealtimeChannel {
    this.subscriptions.push(channel);
    const ch: RealtimeChannel = {
      listen: (event, callback) => (this.listeners.set(event, callback), ch),
      subscribed: (callback) => ((this.onSubscribed = callback), ch),
    };
    return ch;
  }
  leave(channel: string) {
    this.left.push(channel);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The server confirms the subscription (first time, or after pusher-js reconnects). */
  confirm() {
    this.onSubscribed?.();
  }
}

/** The session as the connection sees it; `update` changes fields at once, as the real store's actions do. */
class FakeSession extends ExternalStore {
  token: string | null = 'token-a';
  profile: { id: number } | null = { id: 9 };
  update(changes: { token?: string | null; profile?: { id: number } | null }): void {
    Object.assign(this, changes);
    this.changed();
  }
}

function setup() {
  const session = new FakeSession();
  const clients: FakeClient[] = [];
  const factory = jest.fn(async (token: string) => {
    const client = new FakeClient(token);
    clients.push(client);
    return client;
  });
  const onNotification = jest.fn();
  const subscriber: RealtimeSubscriber = {
    channelOf: (id) => `App.Models.User.${id}`,
    events: { '.NotificationSent': onNotification },
    onSubscribed: jest.fn(),
  };
  const win = new EventTarget() as unknown as Window;
  const connection = new RealtimeConnection(session, factory, subscriber, win);
  return { session, clients, factory, subscriber, onNotification, win, connection };
}

const live = (clients: FakeClient[]) => clients.filter((c) => !c.disconnected);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RealtimeConnection', () => {
  it('subscribes once to the profile’s private channel with the token, and listens with the leading dot', async () => {
    const { clients, factory, subscriber, onNotification, connection } = setup();
    connection.start();
    connection.start();
    await flush();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(factory).toHaveBeenCalledWith('token-a');
    expect(clients[0]?.subscriptions).toEqual(['App.Models.User.9']);
    clients[0]?.listeners.get('.NotificationSent')?.({ notification: { id: 1 } } as never);
    expect(onNotification).toHaveBeenCalledWith({ notification: { id: 1 } });
    clients[0]?.confirm();
    clients[0]?.confirm();
    expect(subscriber.onSubscribed).toHaveBeenCalledTimes(2);
  });

  it('is rebuilt when the token changes: the old one is left, one subscription stays', async () => {
    const { session, clients, connection } = setup();
    connection.start();
    await flush();
    session.update({ token: 'token-b' });
    await flush();
    expect(clients.map((c) => c.token)).toEqual(['token-a', 'token-b']);
    expect(clients[0]).toMatchObject({ disconnected: true, left: ['App.Models.User.9'] });
    expect(live(clients)).toHaveLength(1);
  });

  it('is left on sign-out and not rebuilt until someone signs in', async () => {
    const { session, clients, factory, connection } = setup();
    connection.start();
    await flush();
    session.update({ token: null, profile: null });
    await flush();
    expect(live(clients)).toHaveLength(0);
    expect(factory).toHaveBeenCalledTimes(1);
    session.update({ token: 'token-c', profile: { id: 12 } });
    await flush();
    expect(live(clients).map((c) => c.subscriptions)).toEqual([['App.Models.User.12']]);
  });

  it('never keeps a stale client: one that finishes building after the session moved on is closed', async () => {
    const { session, factory, connection } = setup();
    const slow = deferred<FakeClient>();
    const stale = new FakeClient('token-a');
    factory.mockReturnValueOnce(slow.promise);
    connection.start();
    session.update({ token: 'token-b' });
    await flush();
    slow.resolve(stale);
    await flush();
    expect(stale.disconnected).toBe(true);
    expect(stale.subscriptions).toEqual([]);
    expect(connection.connected).toBe(true);
  });

  it('leaves on pagehide and comes back when the page is restored from the back/forward cache', async () => {
    const { clients, win, connection } = setup();
    connection.start();
    await flush();
    win.dispatchEvent(new Event('pagehide'));
    expect(live(clients)).toHaveLength(0);
    const restored = Object.assign(new Event('pageshow'), { persisted: true });
    win.dispatchEvent(restored);
    await flush();
    expect(live(clients)).toHaveLength(1);
  });

  it('stop() leaves and stops following the session', async () => {
    const { session, clients, factory, connection } = setup();
    connection.start();
    await flush();
    connection.stop();
    session.update({ token: 'token-b' });
    await flush();
    expect(live(clients)).toHaveLength(0);
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
