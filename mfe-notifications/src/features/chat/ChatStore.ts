import { makeAutoObservable, runInAction } from 'mobx';
import type { ChatMessage, ChatParty, ChatThread } from '@excursio/shared/contracts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../lib/contractNames';
import type { ChatCalls } from './chatCalls';
import { proposalErrorText, sendErrorText, TOO_LONG_TEXT } from './chatErrors';
import type { OpenChat } from '../../lib/openChats';

export type ChatStatus = 'loading' | 'ready' | 'failed';

/** Messages joined oldest → newest, each id once (a message can come by the send answer, a push and a reload). */
function merged(...lists: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  // a proposal's state changes after its message was sent: the last list read has the newest one
  const proposals = new Map<number, NonNullable<ChatMessage['proposal']>>();
  for (const list of lists) for (const m of list) if (m.proposal) proposals.set(m.id, m.proposal);
  const byId = new Map<number, ChatMessage>();
  for (const list of lists) for (const m of list) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].map((m) => (proposals.has(m.id) ? { ...m, proposal: proposals.get(m.id)! } : m)).sort((a, b) => a.id - b.id);
}

/**
 * One open conversation of an order. Read receipts: a message of the other side is marked read only when the view
 * says it was shown (`markRead`); my own are never unread; «Прочитано» follows the other side's read marker.
 */
export class ChatStore implements OpenChat {
  messages: ChatMessage[] = [];
  hasMore = false;
  me: ChatParty | null = null;
  counterpart: ChatParty | null = null;
  myLastReadId = 0;
  theirLastReadId = 0;
  contactsMasked = false;
  status: ChatStatus = 'loading';
  loadingOlder = false;
  draft = '';
  sending = false;
  error: string | null = null;
  /** A proposal being answered, and why the last answer failed (shown under its buttons). */
  answering: number | null = null;
  proposalError: { messageId: number; text: string } | null = null;

  constructor(
    readonly orderId: number,
    private readonly calls: ChatCalls,
    /** Told when messages up to an id were read here (their notifications are read too). */
    private readonly onRead: (orderId: number, upTo: number) => void = () => undefined,
  ) {
    makeAutoObservable<ChatStore, 'calls' | 'onRead'>(this, { orderId: false, calls: false, onRead: false }, { autoBind: true });
  }

  isMine(message: ChatMessage): boolean {
    return message.sender_id === this.me?.id;
  }

  /** My newest message, and whether the other side has read it. */
  get lastMine(): ChatMessage | null {
    return this.messages.findLast((m) => this.isMine(m)) ?? null;
  }

  get lastMineRead(): boolean {
    return this.lastMine !== null && this.theirLastReadId >= this.lastMine.id;
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const res = await this.calls.thread(this.orderId);
      runInAction(() => {
        this.applyThread(res.data);
        // what was pushed while it loaded stays
        this.messages = merged(res.data.messages, this.messages);
        this.hasMore = res.data.has_more;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** «Показать раньше»: the page before the oldest message shown. */
  async loadOlder(): Promise<void> {
    const oldest = this.messages[0];
    if (!oldest || !this.hasMore || this.loadingOlder) return;
    this.loadingOlder = true;
    try {
      const res = await this.calls.thread(this.orderId, oldest.id);
      runInAction(() => {
        this.messages = merged(this.messages, res.data.messages);
        this.hasMore = res.data.has_more;
      });
    } catch {
      // the button stays; the next press tries again
    } finally {
      runInAction(() => (this.loadingOlder = false));
    }
  }

  /** After a reconnect: the newest page, joined to what is shown when they meet, instead of it when they do not. */
  async resync(): Promise<void> {
    if (this.status !== 'ready') return this.load();
    try {
      const res = await this.calls.thread(this.orderId);
      runInAction(() => {
        const newestShown = this.messages.at(-1)?.id ?? 0;
        const meets = !res.data.has_more || res.data.messages.some((m) => m.id <= newestShown);
        this.messages = meets ? merged(this.messages, res.data.messages) : merged(res.data.messages);
        if (!meets) this.hasMore = true;
        this.applyThread(res.data);
      });
    } catch {
      // the next reconnect tries again
    }
  }

  receive(message: ChatMessage): void {
    if (message.order_id === this.orderId) this.messages = merged(this.messages, [message]);
  }

  read(readerId: number, lastReadId: number): void {
    if (readerId === this.me?.id) this.myLastReadId = Math.max(this.myLastReadId, lastReadId);
    else this.theirLastReadId = Math.max(this.theirLastReadId, lastReadId);
  }

  readUpTo(): number {
    return this.myLastReadId;
  }

  /** The view has shown this message of the other side: read up to it (the call's answer and errors are ignored). */
  markRead(messageId: number): void {
    if (messageId <= this.myLastReadId) return;
    const message = this.messages.find((m) => m.id === messageId);
    if (!message || this.isMine(message)) return;
    this.myLastReadId = messageId;
    this.calls.markRead(this.orderId, messageId).catch(() => undefined);
    this.onRead(this.orderId, messageId);
  }

  setDraft(text: string): void {
    this.draft = text;
    this.error = null;
  }

  /** Sends the draft; on failure the text stays and the field says why. */
  async send(): Promise<void> {
    const text = this.draft.trim();
    if (!text || this.sending) return;
    if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
      this.error = TOO_LONG_TEXT;
      return;
    }
    this.sending = true;
    this.error = null;
    try {
      const res = await this.calls.send(this.orderId, text);
      runInAction(() => {
        this.messages = merged(this.messages, [res.data]);
        if (this.draft.trim() === text) this.draft = '';
      });
    } catch (error) {
      runInAction(() => (this.error = sendErrorText(error)));
    } finally {
      runInAction(() => (this.sending = false));
    }
  }

  /**
   * The customer's tap on a proposed time (or «Ни одно не подходит»: `eventId` null). The conversation is re-read (the
   * proposal's new state) and the page told, so the order shown moves with it.
   */
  async answerProposal(message: ChatMessage, eventId: number | null): Promise<boolean> {
    if (!message.proposal || this.answering !== null) return false;
    this.answering = message.id;
    this.proposalError = null;
    try {
      await this.calls.answerProposal(this.orderId, eventId);
      return true;
    } catch (error) {
      runInAction(() => (this.proposalError = { messageId: message.id, text: proposalErrorText(error) }));
      return false;
    } finally {
      await this.resync();
      runInAction(() => (this.answering = null));
    }
  }

  private applyThread(thread: ChatThread['data']): void {
    this.me = thread.me;
    this.counterpart = thread.counterpart;
    this.myLastReadId = Math.max(this.myLastReadId, thread.my_last_read_id);
    this.theirLastReadId = Math.max(this.theirLastReadId, thread.their_last_read_id);
    this.contactsMasked = thread.contacts_masked;
  }
}
