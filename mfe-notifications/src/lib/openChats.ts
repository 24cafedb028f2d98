import type { ChatMessage } from '@excursio/shared/contracts';

/** What realtime may tell a chat that is open on the page. */
export interface OpenChat {
  readonly orderId: number;
  receive(message: ChatMessage): void;
  /** Someone (the other side, or me in another tab) has read up to `lastReadId`. */
  read(readerId: number, lastReadId: number): void;
  /** After a reconnect: fetch the newest messages (a push may have been missed). */
  resync(): void;
  /** The newest message of the other side this chat has shown (0: none). */
  readUpTo(): number;
}

/** The chats open on the page, by order: a pushed message goes there instead of a toast. */
export function createOpenChats() {
  const byOrder = new Map<number, Set<OpenChat>>();
  return {
    /** Returns the unregister function (call it on unmount). */
    register(chat: OpenChat): () => void {
      const set = byOrder.get(chat.orderId) ?? new Set<OpenChat>();
      set.add(chat);
      byOrder.set(chat.orderId, set);
      return () => {
        set.delete(chat);
        if (set.size === 0 && byOrder.get(chat.orderId) === set) byOrder.delete(chat.orderId);
      };
    },
    of(orderId: number): OpenChat[] {
      return [...(byOrder.get(orderId) ?? [])];
    },
    all(): OpenChat[] {
      return [...byOrder.values()].flatMap((set) => [...set]);
    },
  };
}

export type OpenChats = ReturnType<typeof createOpenChats>;

/** The page's open chats (one registry per remote: OrderChat registers, realtime delivers). */
export const openChats = createOpenChats();
