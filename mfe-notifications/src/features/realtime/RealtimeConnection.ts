import type { ExternalStore } from '@excursio/shared';

/** The part of a private channel we use (an Echo PusherPrivateChannel has it). */
export interface RealtimeChannel {
  listen(event: string, callback: (payload: never) => void): RealtimeChannel;
  subscribed(callback: () => void): RealtimeChannel;
}

/** The part of Echo we use. */
export interface RealtimeClient {
  private(channel: string): RealtimeChannel;
  leave(channel: string): void;
  disconnect(): void;
}

/** Builds a connected client for one bearer token (laravel-echo + pusher-js, loaded on demand). */
export type RealtimeClientFactory = (token: string) => Promise<RealtimeClient>;

export interface RealtimeSubscriber {
  /** The channel name for the signed-in profile. */
  channelOf(userId: number): string;
  /** Event name → handler, bound on each new subscription. */
  events: Record<string, (payload: never) => void>;
  /** Every (re)subscription, the first one included: time to fetch what a socket may have missed. */
  onSubscribed(): void;
}

interface SessionLike extends Pick<ExternalStore, 'watch'> {
  readonly token: string | null;
  readonly profile: { readonly id: number } | null;
}

/**
 * The page's one realtime connection: for the signed-in profile, rebuilt when the token or the profile changes, left
 * on sign-out and when the page is hidden for good (pagehide; back from the bfcache it reconnects). Never two
 * subscriptions, never a stale one: a client that finishes building after the session moved on is thrown away.
 */
export class RealtimeConnection {
  private client: RealtimeClient | null = null;
  private channel: string | null = null;
  private generation = 0;
  private stopSession: (() => void) | null = null;

  constructor(
    private readonly session: SessionLike,
    private readonly createClient: RealtimeClientFactory,
    private readonly subscriber: RealtimeSubscriber,
    private readonly win: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window,
  ) {}

  get connected(): boolean {
    return this.client !== null;
  }

  start(): void {
    if (this.stopSession) return;
    this.stopSession = this.session.watch(
      () => [this.session.token, this.session.profile?.id ?? null] as const,
      ([token, userId]) => void this.connect(token, userId),
      { immediately: true, equals: (a, b) => a[0] === b[0] && a[1] === b[1] },
    );
    this.win?.addEventListener('pagehide', this.onPageHide);
    this.win?.addEventListener('pageshow', this.onPageShow);
  }

  stop(): void {
    this.stopSession?.();
    this.stopSession = null;
    this.win?.removeEventListener('pagehide', this.onPageHide);
    this.win?.removeEventListener('pageshow', this.onPageShow);
    this.leave();
  }

  private readonly onPageHide = (): void => this.leave();

  private readonly onPageShow = (event: Event): void => {
    // restored from the back/forward cache: the socket was closed on pagehide
    if ((event as PageTransitionEvent).persisted && !this.client) void this.connect(this.session.token, this.session.profile?.id ?? null);
  };

  private async connect(token: string | null, userId: number | null): Promise<void> {
    this.leave();
    if (!token || userId === null) return;
    const generation = this.generation;
    let client: RealtimeClient;
    try {
      client = await this.createClient(token);
    } catch (error) {
      console.error('[mfe-notifications] realtime client could not be built', error);
      return;
    }
    if (generation !== this.generation) {
      client.disconnect();
      return;
    }
    const name = this.subscriber.channelOf(userId);
    let channel = client.private(name).subscribed(() => this.subscriber.onSubscribed());
    for (const [event, handler] of Object.entries(this.subscriber.events)) channel = channel.listen(event, handler);
    this.client = client;
    this.channel = name;
  }

  /** Leaves the channel and closes the socket; a client still being built is dropped when it arrives. */
  private leave(): void {
    this.generation += 1;
    const { client, channel } = this;
    this.client = null;
    this.channel = null;
    if (!client) return;
    if (channel) client.leave(channel);
    client.disconnect();
  }
}
