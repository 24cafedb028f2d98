// Public realtime channels for visitors (no sign-in, no auth endpoint): the Pusher protocol 7 of the api's realtime
// server spoken over one plain WebSocket per page, shared by every watcher, opened with the first and closed with the
// last. A public channel needs no more than subscribe, ping/pong and events — laravel-echo and pusher-js (mfe-notifications'
// signed-in connection) are not loaded for it.
import { getRuntimeConfig } from '@excursio/shared';

export interface ChannelWatcher {
  /** An event on the channel; `data` already parsed. */
  onEvent(event: string, data: unknown): void;
  /** Each (re)subscription, the first included: what the socket may have missed is to be read again. */
  onSubscribed?(): void;
}

type Socket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type SocketFactory = (url: string) => Socket;

const OPEN = 1;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** The server's address: an empty wsHost/wsPort is the page's own origin (the shell proxies /app to the api). */
export function socketUrl(): string {
  const config = getRuntimeConfig().realtime;
  const secure = config.forceTLS || location.protocol === 'https:';
  const port = config.wsPort || Number(location.port) || (secure ? 443 : 80);
  const host = config.wsHost || location.hostname;
  return `${secure ? 'wss' : 'ws'}://${host}:${port}/app/${encodeURIComponent(config.key)}?protocol=7&client=excursio-catalog&version=1.0`;
}

/** The watchers of each channel and the one socket that serves them. */
export class PublicChannels {
  private readonly watchers = new Map<string, Set<ChannelWatcher>>();
  private socket: Socket | null = null;
  private connected = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pageEvents = false;

  constructor(
    private readonly createSocket: SocketFactory = (url) => new WebSocket(url),
    private readonly url: () => string = socketUrl,
  ) {}

  /** Watches a channel until the returned function is called. */
  watch(channel: string, watcher: ChannelWatcher): () => void {
    let set = this.watchers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.watchers.set(channel, set);
    }
    set.add(watcher);
    if (!this.socket) this.open();
    else if (first && this.connected) this.subscribe(channel);
    return () => {
      const current = this.watchers.get(channel);
      if (!current?.delete(watcher) || current.size > 0) return;
      this.watchers.delete(channel);
      if (this.connected) this.send('pusher:unsubscribe', { channel });
      if (this.watchers.size === 0) this.close();
    };
  }

  /**
   * A page going into the back/forward cache closes its socket (an open one keeps it out of the cache) and keeps its
   * watchers; back from the cache, it opens again, and each resubscription re-reads what it missed.
   */
  pageHidden(persisted: boolean): void {
    if (persisted && this.socket) this.close();
  }

  pageShown(persisted: boolean): void {
    if (persisted && this.watchers.size > 0 && !this.socket) this.open();
  }

  private listenToPage(): void {
    if (this.pageEvents || typeof window === 'undefined') return;
    this.pageEvents = true;
    window.addEventListener('pagehide', (event) => this.pageHidden(event.persisted));
    window.addEventListener('pageshow', (event) => this.pageShown(event.persisted));
  }

  private open(): void {
    this.listenToPage();
    const socket = this.createSocket(this.url());
    this.socket = socket;
    socket.onmessage = (message) => this.receive(String(message.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.connected = false;
      // the server went away: back with a growing pause while anyone still watches
      if (this.watchers.size === 0) return;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.watchers.size > 0 && !this.socket) this.open();
      }, this.retryMs);
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    };
    socket.onerror = () => undefined;
  }

  private close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    socket?.close();
  }

  private send(event: string, data: Record<string, unknown>): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ event, data }));
  }

  private subscribe(channel: string): void {
    this.send('pusher:subscribe', { channel });
  }

  private receive(text: string): void {
    let message: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.event !== 'string') return;
    switch (message.event) {
      case 'pusher:connection_established':
        this.connected = true;
        this.retryMs = RETRY_MIN_MS;
        for (const channel of this.watchers.keys()) this.subscribe(channel);
        return;
      case 'pusher:ping':
        this.send('pusher:pong', {});
        return;
      case 'pusher:error':
        return;
    }
    if (typeof message.channel !== 'string') return;
    const watchers = [...(this.watchers.get(message.channel) ?? [])];
    if (message.event === 'pusher_internal:subscription_succeeded') {
      for (const watcher of watchers) watcher.onSubscribed?.();
      return;
    }
    let data: unknown = message.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    for (const watcher of watchers) watcher.onEvent(message.event, data);
  }
}

/** The page's one set of public channels. */
export const publicChannels = new PublicChannels();
