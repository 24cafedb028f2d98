import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { Notification, NotificationPage } from '@excursio/shared/contracts';
import { areaOfType, chatMessageOf } from './notificationKind';
import { CATCH_UP_LIMIT, type NotificationCalls } from './notificationCalls';
import { maxId, merged, serialized, withPage } from './notificationList';

type Load = { page: number; unviewedOnly: boolean; controller: AbortController; done: Promise<void> };
type Internal = 'calls' | 'cursor' | 'known' | 'load' | 'pushedDuringCatchUp' | 'generation';

/**
 * The one source of notifications for the side panel, the pages and the bell (spec §4): page 1 resets all lists,
 * duplicates by id are ignored, no page beyond last_page and no two loads at once, a filter for the unviewed, pushes
 * on top. Failed calls are ignored (spec §8). `report` hears the unread count on every change (the shell's bell).
 */
export class NotificationsStore {
  /** The all list, newest first; the user and partner lists are its parts by type prefix. */
  all: Notification[] = [];
  page = 0;
  lastPage = 1;
  loading = false;
  unviewedOnly = false;
  unread = 0;

  /** The newest id held: the catch-up asks for what came after it. null until something was fetched. */
  private cursor: number | null = null;
  /** Every id met since the last reset: a second delivery never counts twice. */
  private readonly known = new Set<number>();
  private load: Load | null = null;
  /** Unviewed ids pushed while a catch-up is under way: its unread count may predate them. */
  private pushedDuringCatchUp: number[] | null = null;
  /** Bumped by reset(): answers meant for the previous account are dropped. */
  private generation = 0;

  constructor(private readonly calls: NotificationCalls, report: (unread: number) => void = () => undefined) {
    const internal = { calls: false, cursor: false, known: false, load: false, pushedDuringCatchUp: false, generation: false } as const;
    makeAutoObservable<NotificationsStore, Internal>(this, { ...internal, catchUp: false }, { autoBind: true });
    reaction(() => this.unread, report);
  }

  get user(): Notification[] {
    return this.all.filter((n) => areaOfType(n.type) === 'user');
  }

  get partner(): Notification[] {
    return this.all.filter((n) => areaOfType(n.type) === 'partner');
  }

  /** Page 1 has arrived (until then the lists show skeletons). */
  get loaded(): boolean {
    return this.page > 0;
  }

  get hasMore(): boolean {
    return this.page > 0 && this.page < this.lastPage;
  }

  /** Page 1 (a reset) replaces a load under way; a later page comes only after the last one and never passes last_page. */
  loadPage(page: number): Promise<void> {
    const current = this.load;
    if (current && (page > 1 || (current.page === 1 && current.unviewedOnly === this.unviewedOnly))) return current.done;
    if (page > 1 && (page !== this.page + 1 || page > this.lastPage)) return Promise.resolve();
    current?.controller.abort();
    const controller = new AbortController();
    const unviewedOnly = this.unviewedOnly;
    const heldBefore = new Set(this.all.map((n) => n.id));
    const isCurrent = () => this.load?.controller === controller;
    const done = this.calls
      .list(page, unviewedOnly, controller.signal)
      .then(
        (res) => isCurrent() && this.applyPage(res, unviewedOnly, heldBefore),
        () => undefined,
      )
      .finally(() => runInAction(() => isCurrent() && ((this.load = null), (this.loading = false))));
    this.load = { page, unviewedOnly, controller, done: done.then(() => undefined) };
    this.loading = true;
    return this.load.done;
  }

  loadMore(): Promise<void> {
    return this.hasMore ? this.loadPage(this.page + 1) : Promise.resolve();
  }

  /** The newest page and the unread count (on opening the panel or a page). */
  async refresh(): Promise<void> {
    await Promise.all([this.loadPage(1), this.syncUnread()]);
  }

  setUnviewedOnly(value: boolean): void {
    if (this.unviewedOnly === value) return;
    this.unviewedOnly = value;
    void this.loadPage(1);
  }

  /** A pushed notification: on top of the all list (and so of its user or partner list), once. */
  receive(n: Notification): void {
    if (this.known.has(n.id)) return;
    this.known.add(n.id);
    this.cursor = Math.max(this.cursor ?? 0, n.id);
    if (!n.viewed) {
      this.unread += 1;
      this.pushedDuringCatchUp?.push(n.id);
    }
    if (!(this.unviewedOnly && n.viewed)) this.all = merged([n], this.all);
  }

  /** After every (re)subscription: what arrived since the newest id held, merged, duplicates dropped (one at a time). */
  readonly catchUp = serialized(() => this.catchUpOnce());

  /** Marked locally at once; the call's failure is ignored. Under the filter it stays in place, shown as read. */
  markViewed(id: number): void {
    const n = this.all.find((x) => x.id === id);
    if (!n || n.viewed) return;
    n.viewed = 1;
    this.unread = Math.max(0, this.unread - 1);
    this.calls.markViewed(id).catch(() => undefined);
  }

  /** All viewed: the set-viewed call, then page 1 again. */
  async markAllViewed(): Promise<void> {
    const done = await this.calls.setViewed().then(() => true, () => false);
    if (!done) return;
    runInAction(() => {
      for (const n of this.all) n.viewed = 1;
      this.unread = 0;
    });
    await this.loadPage(1);
  }

  /** An open chat has shown the messages up to `upTo`: their chat notifications are read too. */
  markChatViewed(orderId: number, upTo: number): void {
    for (const n of this.all) {
      const chat = chatMessageOf(n);
      if (!n.viewed && chat?.orderId === orderId && (chat.messageId === null || chat.messageId <= upTo)) this.markViewed(n.id);
    }
  }

  /** Another account (or none): nothing of the previous one stays. */
  reset(): void {
    this.load?.controller.abort();
    this.load = null;
    this.generation += 1;
    this.all = [];
    this.page = 0;
    this.lastPage = 1;
    this.loading = false;
    this.unviewedOnly = false;
    this.unread = 0;
    this.cursor = null;
    this.known.clear();
  }

  private async syncUnread(): Promise<void> {
    const generation = this.generation;
    try {
      const res = await this.calls.unreadCount();
      if (generation === this.generation) runInAction(() => (this.unread = Math.max(0, res.data.unread)));
    } catch {
      // ignored (spec §8)
    }
  }

  private async catchUpOnce(): Promise<void> {
    if (this.cursor === null) return this.refresh(); // nothing held yet: the newest page sets the cursor
    const generation = this.generation;
    this.pushedDuringCatchUp = [];
    try {
      // a full answer means more is waiting: ask again from its last id
      for (let full = true; full && generation === this.generation; ) {
        const after = this.cursor ?? 0;
        const res = await this.calls.since(after);
        if (generation !== this.generation) return;
        this.applyCatchUp(res.data.notifications, res.data.unread, after);
        full = res.data.notifications.length >= CATCH_UP_LIMIT;
      }
    } catch {
      // ignored (spec §8): the next subscription asks again from the newest id held
    } finally {
      this.pushedDuringCatchUp = null;
    }
  }

  private applyCatchUp(list: Notification[], unread: number, after: number): void {
    const newest = Math.max(after, maxId(list));
    const fresh = list.filter((n) => !this.known.has(n.id) && !(this.unviewedOnly && n.viewed));
    for (const n of list) this.known.add(n.id);
    this.all = merged(this.all, fresh);
    this.cursor = Math.max(this.cursor ?? 0, newest);
    this.unread = Math.max(0, unread) + (this.pushedDuringCatchUp ?? []).filter((id) => id > newest).length;
  }

  private applyPage(res: NotificationPage, unviewedOnly: boolean, heldBefore: Set<number>): void {
    for (const n of res.data) this.known.add(n.id);
    this.all = withPage(this.all, res, heldBefore);
    this.page = res.current_page;
    this.lastPage = res.last_page;
    if (res.data.length > 0) this.cursor = Math.max(this.cursor ?? 0, maxId(res.data));
    else if (!unviewedOnly && res.current_page <= 1) this.cursor ??= 0;
  }
}
