import mitt, { type Emitter } from 'mitt';
import type { GroupGathering } from '../contracts/common';
import type { Profile } from '../contracts/profile';

export type ToastType = 'info' | 'error' | 'chat';

/** Chat notice carried by a chat toast (spec §3). */
export interface ChatNotice {
  avatar_path: string | null;
  name: string;
  user_type: 'client' | 'partner';
  order_id: number;
  message_id: number;
}

export interface ToastPayload {
  type: ToastType;
  message: string;
  chat?: ChatNotice;
}

export type ModalType = 'auth' | 'profile';

/** Every cross-remote event, namespaced `area:event`. Remotes meet only through these and the URL. */
export type BusEvents = {
  /** Open the shell's modal slot (type defaults to 'auth'). */
  'modal:open': { type?: ModalType };
  'modal:close': void;
  /** Sign-in finished (spec §4: the result event). */
  'auth:result': { token: string; user: Profile };
  'auth:signed-out': void;
  'toast:show': ToastPayload;
  /** How many notifications are unread (mfe-notifications tells the shell's bell, live). */
  'notifications:unread': { count: number };
  /**
   * A notification arrived live (mfe-notifications emits it for each one it receives): pages showing the thing it is
   * about (an order: `order_id` in `data`) reload it.
   */
  'notifications:received': { type: string; data: Record<string, unknown> };
  /**
   * This user changed an order from somewhere else on the page (the chat's proposal buttons, the order page's): the
   * order page and the chat showing it reload it.
   */
  'order:changed': { order_id: number };
  /** The group of the signed-in customer's order gathers (others booked or left; pushed): its page shows it at once. */
  'order:gathering': { order_id: number; gathering: GroupGathering };
  /** Toggle (or set, when `open` is given) the notifications side panel. */
  'notifications:toggle': { open?: boolean };
  /** Work the top loading bar should show (remote loading, long requests). */
  'loading:start': { id: string };
  'loading:finish': { id: string };
};

export type EventBus = Emitter<BusEvents>;

export function createEventBus(): EventBus {
  return mitt<BusEvents>();
}
